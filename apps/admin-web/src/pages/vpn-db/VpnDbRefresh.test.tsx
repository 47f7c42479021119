/**
 * Issue 13 item 13: Database Analytics shows the data's age (the last refresh of the server's
 * views, not the time of the answer) and lets an admin ask for a refresh now.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ANALYTICS_REFRESH_MESSAGES } from '@tunnelscope/contracts';
import { invalidateAnalyticsCache } from '../../api/ipdb.js';
import { fakeServer, ok, refused, setupUser, type FakeRoute } from '../../auth/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { analyticsBody, analyticsFixture } from './analytics.fixture.js';
import { formatDateTime } from './format.js';
import { VpnDbTab } from './VpnDbTab.js';

const ANALYTICS = 'GET /vpn-db/advanced-analytics';
const REFRESH = 'POST /vpn-db/refresh';
const OLD_AGE = '2025-06-01T07:00:00.000Z';
const NEW_AGE = '2025-06-01T08:30:00.000Z';

const analyticsAt =
  (refreshedAt: string | null): FakeRoute =>
  () =>
    ok({ ...analyticsBody(analyticsFixture), refreshedAt });

async function renderTab(routes: Record<string, FakeRoute>, canRequestRefresh = true) {
  const server = fakeServer(routes);
  const user = setupUser();
  renderWithProviders(<VpnDbTab canRequestRefresh={canRequestRefresh} />);
  await screen.findAllByTestId('entity-total');
  return { server, user };
}

beforeEach(() => invalidateAnalyticsCache());
afterEach(() => act(() => notifications.clean()));

describe('Database Analytics: the data age and a refresh on request', () => {
  it('shows when the figures were last refreshed on the server, not when the answer was made', async () => {
    await renderTab({ [ANALYTICS]: analyticsAt(OLD_AGE) });
    const age = screen.getByTestId('analytics-age');
    expect(age).toHaveTextContent(`Data as of ${formatDateTime(OLD_AGE)}`);
    expect(age).not.toHaveTextContent('Figures computed');
  });

  it('says so when the figures were never computed', async () => {
    await renderTab({ [ANALYTICS]: analyticsAt(null) });
    expect(screen.getByTestId('analytics-age')).toHaveTextContent('The figures have not been computed yet');
  });

  it("lets an admin recompute the figures now, then shows the new figures' age", async () => {
    let age = OLD_AGE;
    const { server, user } = await renderTab({
      [ANALYTICS]: () => ok({ ...analyticsBody(analyticsFixture), refreshedAt: age }),
      [REFRESH]: () => {
        age = NEW_AGE;
        return ok({
          success: true,
          message: ANALYTICS_REFRESH_MESSAGES.completed,
          data: { running: false, refreshedAt: NEW_AGE, durationMs: 640 },
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Recompute figures' }));
    expect(await screen.findByText(ANALYTICS_REFRESH_MESSAGES.completed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('analytics-age')).toHaveTextContent(`Data as of ${formatDateTime(NEW_AGE)}`),
    );
    expect(server.callsTo(REFRESH)).toHaveLength(1);
    expect(server.bodiesTo(REFRESH)).toEqual([{}]);
    expect(server.callsTo(ANALYTICS)).toHaveLength(2);
  });

  it('says the refresh is still running when the server answers before it ends, and loads nothing yet', async () => {
    const { server, user } = await renderTab({
      [ANALYTICS]: analyticsAt(OLD_AGE),
      [REFRESH]: () => ({
        status: 202,
        body: {
          success: true,
          message: ANALYTICS_REFRESH_MESSAGES.running,
          data: { running: true, refreshedAt: OLD_AGE, durationMs: null },
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Recompute figures' }));
    expect(await screen.findByText(ANALYTICS_REFRESH_MESSAGES.running)).toBeInTheDocument();
    expect(server.callsTo(ANALYTICS)).toHaveLength(1);
  });

  it("shows the server's message when a refresh is already running", async () => {
    const { user } = await renderTab({
      [ANALYTICS]: analyticsAt(OLD_AGE),
      [REFRESH]: () => refused(409, 'CONFLICT', ANALYTICS_REFRESH_MESSAGES.inProgress),
    });
    await user.click(screen.getByRole('button', { name: 'Recompute figures' }));
    expect(await screen.findByText(ANALYTICS_REFRESH_MESSAGES.inProgress)).toBeInTheDocument();
    expect(screen.getByText('Refresh Failed')).toBeInTheDocument();
  });

  it('offers no recompute to a view_only operator', async () => {
    await renderTab({ [ANALYTICS]: analyticsAt(OLD_AGE) }, false);
    expect(screen.queryByRole('button', { name: 'Recompute figures' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
