import { jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, type AdminUser } from '@tunnelscope/contracts';
import { App } from '../../App.js';
import { pageReload } from '../../auth/page-reload.js';
import {
  ADMIN,
  fakeServer,
  meAnswer,
  ok,
  session,
  setupUser,
  VIEWER,
  type FakeRoute,
} from '../../auth/testing.js';
import { testQueryClient } from '../../test/render.js';

const SESSIONS = 'GET /data/active-sessions';
const OVERVIEW = 'GET /dashboard/overview';
const overviewAnswer: FakeRoute = () =>
  ok({
    success: true,
    data: {
      stats: {
        waitlist: { total: 10, verified: 7 },
        vpnRequests: { total: 4, verified: 1 },
        contacts: { total: 0, verified: 0 },
      },
    },
  });
const emptyUsers: FakeRoute = () =>
  ok({ success: true, data: { entries: [], pagination: { page: 1, limit: 25, total: 0, pages: 0 } } });

// In jsdom, floating-ui measures every element at 0 x 0 and keeps popover dropdowns at display:none
// once it has computed their position, so the menu and its items are queried with { hidden: true }
// (the menu was visible only until that computation finished, which made the query a race).
async function renderDashboard(me: AdminUser, routes: Record<string, FakeRoute> = {}) {
  const server = fakeServer({
    'GET /auth/me': () => meAnswer(me),
    [SESSIONS]: () => ok({ success: true, data: { sessions: [session({ isCurrent: true })] } }),
    'GET /data/admin-users': emptyUsers,
    [OVERVIEW]: overviewAnswer,
    'POST /auth/logout': () => ok({ success: true }),
    ...routes,
  });
  const user = setupUser();
  render(<App client={testQueryClient()} />);
  await screen.findByText(`Welcome, ${me.username}`);
  return { server, user };
}

let reload: jest.SpiedFunction<typeof pageReload.reload>;
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  reload.mockRestore();
  act(() => notifications.clean());
});

describe('DashboardPage', () => {
  it("shows the header and the nine tabs (the spec's eight, then API Keys), the overview first with its six stat cards", async () => {
    await renderDashboard(ADMIN);
    expect(screen.queryByText('2FA')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admin Users' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Waitlist',
      'VPN Requests',
      'Contacts',
      'Logs',
      'Sessions',
      'Database Analytics',
      'Search DB',
      'API Keys',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(6);
  });

  it("reloads the overview's stats when the header's Refresh is pressed", async () => {
    const { server, user } = await renderDashboard(ADMIN);
    await screen.findAllByTestId('stat-card');
    expect(server.callsTo(OVERVIEW)).toHaveLength(1);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo(OVERVIEW)).toHaveLength(2));
  });

  it.each([
    ['Waitlist', '/app/waitlist', 'GET /data/waitlist', 'entries'],
    ['VPN Requests', '/app/vpn-requests', 'GET /data/vpn-requests', 'requests'],
    ['Contacts', '/app/contacts', 'GET /data/contacts', 'contacts'],
    ['Logs', '/app/logs', 'GET /data/logs', 'logs'],
  ])('opens the %s tab as its own table', async (name, path, route, key) => {
    const { server, user } = await renderDashboard(ADMIN, {
      [route]: () =>
        ok({ success: true, data: { [key]: [], pagination: { page: 1, limit: 25, total: 0, pages: 0 } } }),
    });
    await user.click(screen.getByRole('tab', { name }));
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
    expect(server.callsTo(route)).toHaveLength(1);
  });

  it('opens the sessions tab, keeps it in the URL path, and Refresh reloads its data', async () => {
    const { server, user } = await renderDashboard(ADMIN);
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
    expect(window.location.pathname).toBe('/app/sessions');
    const before = server.callsTo(SESSIONS).length;
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo(SESSIONS).length).toBe(before + 1));
    expect(server.callsTo(SESSIONS).at(-1)!.background).toBe(false);
  });

  it('opens the tab named in the path', async () => {
    window.history.replaceState(null, '', '/app/sessions');
    await renderDashboard(ADMIN);
    expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends the bare prefix, and an address naming no view, to the overview', async () => {
    await renderDashboard(ADMIN);
    expect(window.location.pathname).toBe('/app/overview');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('replaces an old hash address by its view path', async () => {
    window.history.replaceState(null, '', '/#sessions');
    await renderDashboard(ADMIN);
    expect(window.location.pathname).toBe('/app/sessions');
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
  });

  it("returns to the previous tab with the browser's Back button", async () => {
    const { user } = await renderDashboard(ADMIN, {
      'GET /data/logs': () =>
        ok({ success: true, data: { logs: [], pagination: { page: 1, limit: 25, total: 0, pages: 0 } } }),
    });
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    await user.click(screen.getByRole('tab', { name: 'Logs' }));
    expect(window.location.pathname).toBe('/app/logs');
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/app/sessions'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('names the browser tab after the open view', async () => {
    const { user } = await renderDashboard(ADMIN);
    await waitFor(() => expect(document.title).toBe('Overview | TunnelScope Admin'));
    await user.click(screen.getByRole('tab', { name: 'Search DB' }));
    await waitFor(() => expect(document.title).toBe('Search DB | TunnelScope Admin'));
  });

  it('switches to the users view from the header, and back', async () => {
    const { user } = await renderDashboard(ADMIN);
    await user.click(screen.getByRole('button', { name: 'Admin Users' }));
    expect(await screen.findByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/users');
    expect(screen.queryByRole('tab', { name: 'Overview' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the role in the Profile menu and opens Profile Settings from it', async () => {
    const { user } = await renderDashboard(ADMIN);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByText('ADMIN')).toBeInTheDocument();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Profile Settings', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/profile');
  });

  it('shows VIEW ONLY for a view_only operator, and the 2FA badge when enabled', async () => {
    const { user } = await renderDashboard({ ...VIEWER, twoFactorEnabled: true });
    expect(screen.getByText('2FA')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(
      within(await screen.findByRole('menu', { hidden: true })).getByText('VIEW ONLY'),
    ).toBeInTheDocument();
  });

  it('returns to the login screen, saying why, when the session ends while the panel is open', async () => {
    let signedIn = true;
    const { user } = await renderDashboard(ADMIN, {
      'GET /auth/me': () => (signedIn ? meAnswer(ADMIN) : { status: 401, body: { success: false } }),
      [SESSIONS]: () => ({ status: 401, body: { success: false, error: 'UNAUTHORIZED', message: 'x' } }),
    });
    signedIn = false;
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.sessionExpired);
  });

  it('stays signed in when a 401 was not about the session', async () => {
    const { server, user } = await renderDashboard(ADMIN, {
      [SESSIONS]: () => ({ status: 401, body: { success: false, error: 'UNAUTHORIZED', message: 'x' } }),
    });
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    await waitFor(() => expect(server.callsTo('GET /auth/me')).toHaveLength(2));
    expect(screen.getByText('Welcome, ada')).toBeInTheDocument();
  });

  it('logs out from the Profile menu and reloads', async () => {
    const { server, user } = await renderDashboard(ADMIN);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(
      await within(await screen.findByRole('menu', { hidden: true })).findByRole('menuitem', {
        name: 'Logout',
        hidden: true,
      }),
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST /auth/logout')).toHaveLength(1);
    // The view is rebuilt for the signed-out state while the reload starts.
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
