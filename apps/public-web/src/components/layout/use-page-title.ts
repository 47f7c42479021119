import { useDocumentTitle } from '@mantine/hooks';
import { runtimeConfig } from '../../runtime-config.js';

/**
 * Names the browser tab '{page} | {brand}' while the page shows. It never puts the previous title
 * back when the visitor leaves: the route head (src/seo, useRouteHead) sets the next route's title
 * on every navigation, and a restore on unmount ran after it and put the page just left back in
 * the tab (seen going from /security-demo to /contact).
 */
export function usePageTitle(page: string): void {
  useDocumentTitle(`${page} | ${runtimeConfig.brandName}`);
}
