/**
 * Issue 17 item 4: Database Analytics shows each feed's last run and each collector's last report,
 * below the spec's sub-tabs, from a call of its own.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { invalidateAnalyticsCache } from '../../api/ipdb.js';
import { fakeServer, ok, setupUser, type FakeRoute } from '../../auth/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { analyticsBody } from './analytics.fixture.js';
import { dataSourcesBody, noDataSourcesFixture } from './data-sources.fixture.js';
import { DataSourcesSection, NEVER_RAN, reviewText } from './DataSourcesSection.js';
import { formatDateTime } from './format.js';
import { DatabaseAnalyticsTab } from './VpnDbTab.js';

const SOURCES = 'GET /vpn-db/sources';
const ANALYTICS = 'GET /vpn-db/advanced-analytics';

function renderSection(routes: Record<string, FakeRoute>) {
  const server = fakeServer(routes);
  const user = setupUser();
  renderWithProviders(<DataSourcesSection />);
  return { server, user };
}

const table = (name: string) => screen.findByRole('table', { name });
const rowOf = (scope: HTMLElement, text: string) => within(scope).getByText(text).closest('tr')!;

beforeEach(() => invalidateAnalyticsCache());
afterEach(() => act(() => notifications.clean()));

describe('Database Analytics: Data sources', () => {
  it("shows each feed's last run, with its figures, whether it kept the previous data and its error", async () => {
    renderSection({ [SOURCES]: () => ok(dataSourcesBody()) });
    const feeds = await table('Public feeds');

    const tor = rowOf(feeds, 'Tor exit list');
    expect(tor).toHaveTextContent(formatDateTime('2025-06-01T10:00:00.000Z'));
    expect(tor).toHaveTextContent('https://check.torproject.org/torbulkexitlist');
    expect(tor).toHaveTextContent('1,203');
    expect(within(tor).getByText('Yes')).toBeInTheDocument();
    expect(tor).toHaveTextContent('parsed 3 rows, less than half of the previous run (1203)');

    const cloud = rowOf(feeds, 'Cloud and hosting ranges');
    expect(cloud).toHaveTextContent(/8,412.*12.*3.*8,400.*8,412/);
    expect(within(cloud).getByText('No')).toBeInTheDocument();

    const relay = rowOf(feeds, 'iCloud Private Relay egress');
    expect(within(relay).getByText(NEVER_RAN)).toBeInTheDocument();
  });

  it("shows each collector's last use and last report (VPN, status, when), and the VPNs needing review", async () => {
    renderSection({ [SOURCES]: () => ok(dataSourcesBody()) });
    const collectors = await table('Collectors');

    const fra = rowOf(collectors, 'collector-fra-1');
    expect(fra).toHaveTextContent(formatDateTime('2025-06-01T08:30:00.000Z'));
    expect(within(fra).getByText('Surfshark')).toBeInTheDocument();
    expect(within(fra).getByText('failed')).toBeInTheDocument();
    expect(fra).toHaveTextContent(formatDateTime('2025-06-01T08:10:02.000Z'));

    const old = rowOf(collectors, 'collector-old');
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText('Never')).toBeInTheDocument();
    expect(within(old).getByText('No report yet')).toBeInTheDocument();

    expect(screen.getByTestId('vpns-needing-review')).toHaveTextContent('2 VPNs need review');
  });

  it('says so when no feed has run and no collector exists', async () => {
    renderSection({ [SOURCES]: () => ok(dataSourcesBody(noDataSourcesFixture)) });
    const feeds = await table('Public feeds');
    expect(within(feeds).getAllByText(NEVER_RAN)).toHaveLength(3);
    expect(screen.getByText(/No collector has been created yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Collectors' })).not.toBeInTheDocument();
    expect(screen.getByTestId('vpns-needing-review')).toHaveTextContent('No VPN needs review');
  });

  it('words the review count for one and for many', () => {
    expect(reviewText(1)).toBe('1 VPN needs review');
    expect(reviewText(1200)).toBe('1,200 VPNs need review');
  });

  it('shows the offline state when the IP database cannot be reached, and Retry reads again', async () => {
    let offline = true;
    const { server, user } = renderSection({
      [SOURCES]: () =>
        offline
          ? ok({
              success: false,
              networkError: true,
              error: 'SERVICE_UNAVAILABLE',
              message: 'The IP database cannot be reached: the connection was refused.',
            })
          : ok(dataSourcesBody()),
    });
    expect(await screen.findByText('Data sources unavailable')).toBeInTheDocument();
    expect(
      screen.getByText('The IP database cannot be reached: the connection was refused.'),
    ).toBeInTheDocument();

    offline = false;
    await user.click(screen.getByRole('button', { name: 'Retry data sources' }));
    expect(await table('Public feeds')).toBeInTheDocument();
    expect(server.callsTo(SOURCES)).toHaveLength(2);
  });

  it('sits below the sub-tabs of the dashboard tab, and the tab’s Refresh reads it again', async () => {
    const server = fakeServer({
      [ANALYTICS]: () => ok(analyticsBody()),
      [SOURCES]: () => ok(dataSourcesBody()),
    });
    const user = setupUser();
    renderWithProviders(<DatabaseAnalyticsTab />);
    await screen.findAllByTestId('entity-total');
    const sources = await screen.findByRole('region', { name: 'Data sources' });
    expect(await within(sources).findByRole('table', { name: 'Public feeds' })).toBeInTheDocument();
    // After the spec's content: the sub-tab list comes first in the document.
    const tabList = screen.getByRole('tablist');
    expect(tabList.compareDocumentPosition(sources) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(server.callsTo(SOURCES)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo(SOURCES)).toHaveLength(2));
    expect(server.callsTo(ANALYTICS)).toHaveLength(2);
  });
});
