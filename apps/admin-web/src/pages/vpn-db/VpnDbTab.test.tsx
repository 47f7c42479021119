import { jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TIMINGS, type AnalyticsPayload } from '@tunnelscope/contracts';
import { invalidateAnalyticsCache } from '../../api/ipdb.js';
import { answer, installFetchMock } from '../../test/fetch-mock.js';
import { currentPath, LocationProbe, renderWithProviders, testQueryClient } from '../../test/render.js';
import { analyticsBody, analyticsFixture, emptyAnalyticsFixture } from './analytics.fixture.js';
import { VpnDbTab } from './VpnDbTab.js';
import { formatDateTime } from './format.js';

let fetchMock: jest.Mock<typeof fetch>;

function answerWith(data: AnalyticsPayload = analyticsFixture) {
  answer(200, analyticsBody(data));
}

async function showTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The card (section) titled `title`. */
function section(title: string) {
  return screen.getByRole('region', { name: title });
}

beforeEach(() => {
  invalidateAnalyticsCache();
  fetchMock = installFetchMock();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('VpnDbTab', () => {
  it('opens the sub-tab its address names, and puts the chosen one in the address', async () => {
    answerWith();
    renderWithProviders(
      <>
        <VpnDbTab />
        <LocationProbe />
      </>,
      { path: '/app/vpn-db/isp' },
    );
    const isp = await screen.findByRole('tab', { name: 'ISP Summary' });
    expect(isp).toHaveAttribute('aria-selected', 'true');
    await showTab('IP Trends');
    expect(currentPath()).toBe('/app/vpn-db/trends');
  });

  it('shows a skeleton, then the entity totals as stat cards', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();

    const cards = await screen.findAllByTestId('entity-total');
    expect(cards.map((card) => card.textContent)).toEqual([
      'IPs1,284,503',
      'Subdomains48,211',
      'VPNs5',
      'Vendors3',
    ]);
    expect(screen.queryByText('Loading analytics…')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/vpn-db/advanced-analytics');
  });

  it('starts the fetch 100 ms after it mounts', async () => {
    jest.useFakeTimers();
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await act(() => jest.advanceTimersByTimeAsync(ADMIN_TIMINGS.analyticsFetchDelayMs - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the cached figures on a second mount within 5 minutes, and fetches again after', async () => {
    // Timers follow the real clock (so testing-library's polling works); the jump is explicit.
    jest.useFakeTimers({ advanceTimers: true });
    answerWith();
    const first = renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    first.unmount();

    // A new mount, with a new query client: only the module's own cache can answer.
    jest.setSystemTime(Date.now() + ADMIN_TIMINGS.analyticsCacheMs - 1_000);
    const second = renderWithProviders(<VpnDbTab />);
    expect(screen.getAllByTestId('entity-total')).toHaveLength(4);
    await act(() => jest.advanceTimersByTimeAsync(500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    second.unmount();

    jest.setSystemTime(Date.now() + 1_000);
    renderWithProviders(<VpnDbTab />);
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    await screen.findAllByTestId('entity-total');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches again at once on Refresh, whatever the cache holds', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');

    answerWith({ ...analyticsFixture, entityTotals: { ...analyticsFixture.entityTotals, total_vpns: 6 } });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('6')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("fetches again when the dashboard's Refresh invalidates every query", async () => {
    answerWith();
    const client = testQueryClient();
    renderWithProviders(<VpnDbTab />, { client });
    await screen.findAllByTestId('entity-total');

    await act(() => client.invalidateQueries());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the orange database-offline panel on networkError, and Retry Connection fetches again', async () => {
    answer(200, { success: false, networkError: true, message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    renderWithProviders(<VpnDbTab />);

    const panel = await screen.findByTestId('db-offline');
    expect(panel).toHaveTextContent('Database Connection Failed: connect ECONNREFUSED 127.0.0.1:5432');
    expect(panel.getAttribute('style')).toContain('orange');
    expect(screen.queryByText('Analytics Error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('entity-total')).not.toBeInTheDocument();

    answerWith();
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry Connection' }));
    expect(await screen.findAllByTestId('entity-total')).toHaveLength(4);
    expect(screen.queryByTestId('db-offline')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats networkError behind a 503 as the offline state, not an HTTP error', async () => {
    answer(
      503,
      { success: false, networkError: true, message: 'IP database unreachable' },
      'Service Unavailable',
    );
    renderWithProviders(<VpnDbTab />);
    expect(await screen.findByTestId('db-offline', {}, { timeout: 4_000 })).toHaveTextContent(
      'Database Connection Failed: IP database unreachable',
    );
    expect(screen.queryByText(/HTTP 503/)).not.toBeInTheDocument();
  });

  it("shows 'Analytics Error' with 'HTTP 500: Failed to fetch analytics', and Retry recovers", async () => {
    answer(500, { success: false, error: 'INTERNAL', message: 'boom' }, 'Internal Server Error');
    renderWithProviders(<VpnDbTab />);

    expect(await screen.findByText('Analytics Error', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.getByText('HTTP 500: Failed to fetch analytics')).toBeInTheDocument();
    expect(screen.queryByTestId('db-offline')).not.toBeInTheDocument();

    answerWith();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('entity-total')).toHaveLength(4);
    expect(screen.queryByText('Analytics Error')).not.toBeInTheDocument();
  });

  it('lists the five sub-tabs by name, DB Metadata first', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'DB Metadata',
      'IP Trends',
      'Geo-IP Summary',
      'Vendor & VPN Summary',
      'ISP Summary',
    ]);
    expect(screen.getByRole('tab', { name: 'DB Metadata' })).toHaveAttribute('aria-selected', 'true');
  });

  it('DB Metadata: table sizes, estimated rows, last maintenance or Never, and the VPN update status', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');

    const tables = within(section('Core tables'));
    const subdomains = tables.getByText('subdomains').closest('tr')!;
    expect(within(subdomains).getByText('48,211')).toBeInTheDocument();
    expect(within(subdomains).getByText('9 MB')).toBeInTheDocument();
    expect(within(subdomains).getByText('Never')).toBeInTheDocument();
    const history = tables.getByText('ip_history').closest('tr')!;
    expect(history).toHaveTextContent('12,480,000');
    expect(history).toHaveTextContent('2 GB');
    expect(history).toHaveTextContent(formatDateTime('2025-05-30T03:12:00.000Z'));

    const updates = within(section('VPN update status'));
    const nord = updates.getByText('NordVPN').closest('tr')!;
    expect(nord).toHaveTextContent('101');
    expect(nord).toHaveTextContent('success');
    expect(within(nord).getByText('Yes')).toBeInTheDocument();
    const hola = updates.getByText('Hola VPN').closest('tr')!;
    expect(within(hola).getByText('No')).toBeInTheDocument();
    expect(within(hola).getAllByText('Never')).toHaveLength(2);
  });

  it('IP Trends: last-month figures per VPN, reused IPs, monthly growth and its chart', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    await showTab('IP Trends');

    const nord = within(section('Last month per VPN')).getByText('NordVPN').closest('tr')!;
    expect(nord).toHaveTextContent(/8,412.*61,330.*214.*97/);
    const reused = within(section('IPs reused across VPNs')).getByText('185.220.101.4').closest('tr')!;
    expect(reused).toHaveTextContent('3');
    expect(within(reused).getByText('CyberGhost')).toBeInTheDocument();
    const may = within(section('Unique IPs by month')).getByText('May 2025').closest('tr')!;
    expect(may).toHaveTextContent('230,112');
    expect(screen.getByRole('figure', { name: 'Monthly unique-IP growth chart' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'New versus deactivated per VPN chart' })).toBeInTheDocument();
  });

  it('Geo-IP Summary: top countries with ip, vpn and isp counts, countries per VPN, vendors by origin', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    await showTab('Geo-IP Summary');

    const us = within(section('Top countries')).getByText('United States').closest('tr')!;
    expect(us).toHaveTextContent(/318,442.*5.*142/);
    expect(within(section('Unique countries per VPN')).getByText('Hola VPN').closest('tr')).toHaveTextContent(
      '12',
    );
    const panama = within(section('Vendors by origin')).getByText('Panama').closest('tr')!;
    expect(within(panama).getByText('Nord Security')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Top countries chart' })).toBeInTheDocument();
  });

  it('Vendor & VPN Summary: per-VPN stats, vendor VPNs, footprint, monthly average, shared IPs', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    await showTab('Vendor & VPN Summary');

    const stats = within(section('Per-VPN statistics')).getByText('NordVPN').closest('tr')!;
    expect(stats).toHaveTextContent(/Nord Security.*3,912,004.*412,876.*5,120.*1,877.*214.*61.*132/);
    const kape = within(section('Vendors and their VPNs')).getByText('Kape Technologies').closest('tr')!;
    expect(within(kape).getByText('ExpressVPN')).toBeInTheDocument();
    expect(within(section('Vendor IP footprint')).getByText('684,112')).toBeInTheDocument();
    expect(within(section('Average monthly IPs per VPN')).getByText('12,433.8')).toBeInTheDocument();
    expect(within(section('Vendors sharing IPs')).getByText('1,284')).toBeInTheDocument();
  });

  it('ISP Summary: ISPs per country, unique IPs, the VPN/Proxy/Tor mix and the top 50', async () => {
    answerWith();
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');
    await showTab('ISP Summary');

    const germany = within(section('ISPs per country')).getByText('Germany').closest('tr')!;
    expect(germany).toHaveTextContent(/61.*121,980.*Hetzner Online GmbH/);
    expect(within(section('Unique IPs per ISP')).getByText('154,022')).toBeInTheDocument();
    const hetzner = within(section('VPN, Proxy and Tor per ISP'))
      .getByText('Hetzner Online GmbH')
      .closest('tr')!;
    expect(hetzner).toHaveTextContent(/40,250.*8,731.*1,502/);
    const top = within(section('Top 50 ISPs by VPN usage'));
    expect(top.getByText('Datacamp Limited').closest('tr')).toHaveTextContent(
      /2.*Datacamp Limited.*4.*131,870/,
    );
    expect(screen.getByRole('figure', { name: 'ISP service mix chart' })).toBeInTheDocument();
  });

  it('shows an empty-state message in every table when the database is empty', async () => {
    answerWith(emptyAnalyticsFixture);
    renderWithProviders(<VpnDbTab />);
    await screen.findAllByTestId('entity-total');

    const expectations: Record<string, string[]> = {
      'DB Metadata': ['No table metadata available', 'No VPN update data available'],
      'IP Trends': [
        'No IP trend data for last month',
        'No IP has been used by more than one VPN',
        'No monthly IP history yet',
      ],
      'Geo-IP Summary': [
        'No country data available',
        'No VPN country data available',
        'No vendor origin data available',
      ],
      'Vendor & VPN Summary': [
        'No VPN statistics available',
        'No vendors with VPNs yet',
        'No vendor footprint data available',
        'No monthly IP averages available',
        'No vendors share IP addresses',
      ],
      'ISP Summary': [
        'No ISP service data available',
        'No ISP usage data available',
        'No ISP country data available',
        'No ISP address data available',
      ],
    };
    for (const [tab, messages] of Object.entries(expectations)) {
      await showTab(tab);
      for (const message of messages) expect(screen.getAllByText(message).length).toBeGreaterThan(0);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    }
  });
});
