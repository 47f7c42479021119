import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { STATS_FALLBACK } from '@tunnelscope/contracts';
import type { ReactNode } from 'react';
import { fakeServer } from '../test/fake-server.js';
import { createQueryClient } from './query-client.js';
import { useStats } from './stats.js';

function renderStats() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useStats(), { wrapper });
}

describe('useStats', () => {
  it('answers the figures of a well-formed answer', async () => {
    const figures = {
      ipsTracked: '1.2M+',
      vendorsSupported: '84+',
      accuracyRate: '99.7%',
      updateRate: '12H',
    };
    fakeServer({ '/api/stats': () => ({ status: 200, body: figures }) });
    const { result } = renderStats();
    expect(result.current.stats).toEqual(STATS_FALLBACK);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.stats).toEqual(figures);
  });

  it('keeps the fallbacks when the answer has another shape', async () => {
    fakeServer({
      '/api/stats': () => ({
        status: 200,
        body: { ipsTracked: 1_200_000, vendorsSupported: 84, accuracyRate: 0.997, updateRate: 12 },
      }),
    });
    const { result } = renderStats();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.stats).toEqual(STATS_FALLBACK);
  });
});
