import { createContext } from 'react';

/**
 * What AppLayout tells the content it frames: that it already sits inside the page's one <main>
 * (so an error screen there must not add a second), and the current location's key (so an error
 * screen there clears itself when the visitor navigates). Outside the layout: neither.
 */
export interface LayoutContextValue {
  insideMain: boolean;
  locationKey: string | null;
}

export const LayoutContext = createContext<LayoutContextValue>({ insideMain: false, locationKey: null });
