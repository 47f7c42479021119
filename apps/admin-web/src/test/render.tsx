import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

/** A query client for one test: no retries of its own (the API client retries), nothing cached across tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({
  children,
  client,
  path = '/',
}: {
  children: ReactNode;
  client?: QueryClient;
  path?: string;
}) {
  return (
    <MantineProvider defaultColorScheme="dark">
      <QueryClientProvider client={client ?? testQueryClient()}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders inside Mantine, react-query, modals, toasts and a router at `path` (below the prefix),
 * as the panel does.
 */
export function renderWithProviders(
  ui: ReactElement,
  { client, path, ...options }: { client?: QueryClient; path?: string } & RenderOptions = {},
) {
  return render(
    <TestProviders client={client} path={path}>
      {ui}
    </TestProviders>,
    options,
  );
}

/** Shows the router's current path (below the prefix) as `data-testid="location"`. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export const currentPath = (): string | null =>
  document.querySelector('[data-testid="location"]')?.textContent ?? null;
