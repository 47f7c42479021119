import { screen, within } from '@testing-library/react';
import { fakeServer } from '../../../test/fake-server.js';
import { renderWithProviders } from '../../../test/render.js';
import { StatsSection } from './StatsSection.js';

describe('StatsSection', () => {
  it('shows the values GET /api/stats answers, under the spec labels', async () => {
    const body = { ipsTracked: '1.2M+', vendorsSupported: '84+', accuracyRate: '99.7%', updateRate: '12H' };
    const fetchMock = fakeServer({ '/api/stats': () => ({ status: 200, body }) }).fetch;

    renderWithProviders(<StatsSection />);
    const region = within(screen.getByRole('region', { name: 'TunnelScope in numbers' }));
    const ips = await region.findByText('1.2M+');
    expect(ips.closest('[data-stat]')).toHaveTextContent('IPs Tracked');
    expect(region.getByText('84+').closest('[data-stat]')).toHaveTextContent('VPN Vendors');
    expect(region.getByText('99.7%').closest('[data-stat]')).toHaveTextContent('Detection Accuracy');
    expect(region.getByText('12H').closest('[data-stat]')).toHaveTextContent('Update Rate');
    expect(region.queryByText('200K+')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/stats');
  });
});
