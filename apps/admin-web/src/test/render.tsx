import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

/** A query client for one test: no retries of its own (the API client retries), nothing cached across tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <MantineProvider defaultColorScheme="dark">
      <QueryClientProvider client={client ?? testQueryClient()}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders inside Mantine, react-query, modals and toasts, as the panel does. */
export function renderWithProviders(
  ui: ReactElement,
  { client, ...options }: { client?: QueryClient } & RenderOptions = {},
) {
  return render(<TestProviders client={client}>{ui}</TestProviders>, options);
}
