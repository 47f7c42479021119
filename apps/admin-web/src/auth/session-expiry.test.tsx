/**
 * Issue 13 item 12: a session that ends while the panel is open returns the operator to the login
 * screen from every call, not only from the calls that happen to go through react-query's caches.
 * Each test drives one place that used to show 'HTTP 401 …' instead.
 */
import { jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { App } from '../App.js';
import { invalidateAnalyticsCache } from '../api/ipdb.js';
import { analyticsBody } from '../pages/vpn-db/analytics.fixture.js';
import { waitlistEntry } from '../test/review-fixtures.js';
import { testQueryClient } from '../test/render.js';
import { pageReload } from './page-reload.js';
import { ADMIN, fakeServer, meAnswer, ok, session, setupUser, type FakeRoute } from './testing.js';

const EXPIRED = {
  status: 401,
  body: { success: false, error: 'UNAUTHORIZED', message: 'Authentication required' },
};

const rows = [waitlistEntry(1), waitlistEntry(2)];
const waitlistAnswer = ok({
  success: true,
  data: { entries: rows, pagination: { page: 1, limit: 25, total: rows.length, pages: 1 } },
});

/**
 * The panel signed in as ADMIN at `path`; `expire()` ends the session: from then on every call,
 * the auth check included, answers 401.
 */
async function renderExpiring(path: string, routes: Record<string, FakeRoute> = {}) {
  let signedIn = true;
  const live =
    (route: FakeRoute): FakeRoute =>
    (body) =>
      signedIn ? route(body) : EXPIRED;
  const all: Record<string, FakeRoute> = {
    'GET /auth/me': () => meAnswer(ADMIN),
    'GET /data/active-sessions': () =>
      ok({ success: true, data: { sessions: [session({ isCurrent: true })] } }),
    'GET /dashboard/overview': () =>
      ok({
        success: true,
        data: {
          stats: {
            waitlist: { total: 0, verified: 0 },
            vpnRequests: { total: 0, verified: 0 },
            contacts: { total: 0, verified: 0 },
          },
        },
      }),
    ...routes,
  };
  const server = fakeServer(
    Object.fromEntries(Object.entries(all).map(([key, route]) => [key, live(route)])),
  );
  window.history.replaceState(null, '', path);
  const user = setupUser();
  render(<App client={testQueryClient()} />);
  // The dashboard is a lazy chunk: its first import in a test file compiles it.
  await screen.findByText(`Welcome, ${ADMIN.username}`, {}, { timeout: 10_000 });
  return {
    server,
    user,
    expire: () => {
      signedIn = false;
    },
  };
}

async function expectLoginScreenSayingExpired() {
  // Bounded wait only: a tab's lazy chunk may compile first.
  expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 10_000 })).toBeInTheDocument();
  // The failed call's own toast may show too; the login screen's alert says why.
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
    expect.stringContaining(ADMIN_MESSAGES.sessionExpired),
  );
}

let reload: jest.SpiedFunction<typeof pageReload.reload>;
beforeEach(() => {
  invalidateAnalyticsCache();
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  reload.mockRestore();
  act(() => notifications.clean());
});

describe('an expired session', () => {
  it('returns Database Analytics to the login screen', async () => {
    const { user, expire } = await renderExpiring('/app/overview', {
      'GET /vpn-db/advanced-analytics': () => ok(analyticsBody()),
    });
    expire();
    await user.click(screen.getByRole('tab', { name: 'Database Analytics' }));
    await expectLoginScreenSayingExpired();
  });

  it('returns Search DB to the login screen', async () => {
    const { user, expire } = await renderExpiring('/app/search-db', {
      'POST /vpn-db/search-ip': () => ok({ success: true, data: [], recordCount: 0, searchedIp: '8.8.8.8' }),
    });
    await user.type(await screen.findByLabelText('IP Address', {}, { timeout: 10_000 }), '8.8.8.8');
    expire();
    await user.click(screen.getByRole('button', { name: 'Search DB' }));
    await expectLoginScreenSayingExpired();
  });

  it('returns a CSV export to the login screen', async () => {
    const { user, expire } = await renderExpiring('/app/waitlist', {
      'GET /data/waitlist': () => waitlistAnswer,
    });
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    expire();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await expectLoginScreenSayingExpired();
  });

  it('returns a table delete to the login screen', async () => {
    const { user, expire } = await renderExpiring('/app/waitlist', {
      'GET /data/waitlist': () => waitlistAnswer,
      [`DELETE /data/waitlist/${rows[0]!.id}`]: () => ok({ success: true }),
    });
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    await user.click(within(screen.getAllByTestId('data-row')[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expire();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectLoginScreenSayingExpired();
  });

  it('confirms the end with one auth check', async () => {
    const { server, expire } = await renderExpiring('/app/waitlist', {
      'GET /data/waitlist': () => waitlistAnswer,
    });
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    const checksBefore = server.callsTo('GET /auth/me').length;
    expire();
    await setupUser().click(screen.getByRole('button', { name: 'Export CSV' }));
    await expectLoginScreenSayingExpired();
    expect(server.callsTo('GET /auth/me').length).toBe(checksBefore + 1);
  });
});
