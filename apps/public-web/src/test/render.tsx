import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../App.js';

/** Renders inside the app's providers (theme, toasts, queries) and a router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', ...options }: { path?: string } & RenderOptions = {},
) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
    options,
  );
}
