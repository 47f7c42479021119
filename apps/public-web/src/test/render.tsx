import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
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

/**
 * user-event without the per-keystroke delay and without the pointer-events check, whose
 * getComputedStyle calls over Mantine's style sheet make every click cost ~0.4 s in jsdom.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });
}
