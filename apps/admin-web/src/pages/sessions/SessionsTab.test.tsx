import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, type AdminUser } from '@tunnelscope/contracts';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../../auth/AuthContext.js';
import { pageReload } from '../../auth/page-reload.js';
import {
  ADMIN,
  fakeServer,
  meAnswer,
  ok,
  refused,
  session,
  setupUser,
  VIEWER,
  type FakeRoute,
} from '../../auth/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { disconnectFailureMessage, SessionsTab } from './SessionsTab.js';
import { AdminApiError } from '../../api/client.js';
import { resetLiveConnection } from '../../live/live-connection.js';
import { FakeEventSource, installFakeEventSource } from '../../live/testing.js';

beforeEach(() => installFakeEventSource());
afterEach(() => resetLiveConnection());

const LIST = 'GET /data/active-sessions';
const DISCONNECT = 'POST /data/disconnect-session';

function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}

const listAnswer = (sessions: ReturnType<typeof session>[]) => ok({ success: true, data: { sessions } });

function renderTab(me: AdminUser, routes: Record<string, FakeRoute>) {
  const server = fakeServer({ 'GET /auth/me': () => meAnswer(me), ...routes });
  renderWithProviders(
    <AuthProvider>
      <SignedIn>
        <SessionsTab />
      </SignedIn>
    </AuthProvider>,
  );
  return server;
}

const OTHER_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const CURRENT = session({ isCurrent: true });
const OTHER = session({
  id: OTHER_ID,
  username: 'grace',
  email: 'grace@tunnelscope.example',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ipAddress: '192.168.1.20',
  expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
});

let reload: jest.SpiedFunction<typeof pageReload.reload>;
beforeEach(() => {
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  reload.mockRestore();
  jest.useRealTimers();
  act(() => notifications.clean());
});

describe('SessionsTab', () => {
  it('lists each session with its browser, location, address, times and badges', async () => {
    renderTab(ADMIN, { [LIST]: () => listAnswer([CURRENT, OTHER]) });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByLabelText('2 active sessions')).toHaveTextContent('2');

    const [mine, theirs] = rows as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Current Session')).toBeInTheDocument();
    expect(within(mine).getByText('Chrome')).toBeInTheDocument();
    expect(within(mine).getByText('External')).toBeInTheDocument();
    expect(within(mine).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(mine).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(mine).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(mine).getByText('in 10 hours')).toBeInTheDocument();
    expect(within(mine).queryByText('Expiring Soon')).not.toBeInTheDocument();

    expect(within(theirs).queryByText('Current Session')).not.toBeInTheDocument();
    expect(within(theirs).getByText('Firefox')).toBeInTheDocument();
    expect(within(theirs).getByText('Private Network')).toBeInTheDocument();
    expect(within(theirs).getByText('Expiring Soon')).toBeInTheDocument();
  });

  it('says No active sessions found for an empty list', async () => {
    renderTab(ADMIN, { [LIST]: () => listAnswer([]) });
    expect(await screen.findByText('No active sessions found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('session-row')).toHaveLength(0);
  });

  it('loads and refreshes as ordinary calls, and reloads as a background call when a session starts or ends (push, no poll)', async () => {
    const server = renderTab(ADMIN, { [LIST]: () => listAnswer([CURRENT]) });
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
    expect(server.callsTo(LIST).map((c) => c.background)).toEqual([false]);

    act(() => FakeEventSource.current().emit('sessions.changed'));
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(server.callsTo(LIST)[1]!.background).toBe(true);
    // Other events do not reload the list.
    act(() => FakeEventSource.current().emit('overview.changed'));

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(3));
    expect(server.callsTo(LIST)[2]!.background).toBe(false);
  });

  it('reloads in the background when a listed session reaches its idle timeout (nothing is pushed then)', async () => {
    // Idle for 30 minutes less one second: it ends a second from now, and the tab reloads a second later.
    const idling = session({
      id: OTHER_ID,
      lastActivity: new Date(Date.now() - 30 * 60_000 + 1_000).toISOString(),
    });
    const lists = [[CURRENT, idling], [CURRENT]];
    const server = renderTab(ADMIN, { [LIST]: () => listAnswer(lists.shift() ?? [CURRENT]) });
    expect(await screen.findAllByTestId('session-row')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1), { timeout: 8_000 });
    expect(server.callsTo(LIST).map((c) => c.background)).toEqual([false, true]);
  });

  it('disconnects after a confirmation and reloads the list', async () => {
    const lists = [[CURRENT, OTHER], [CURRENT]];
    const server = renderTab(ADMIN, {
      [LIST]: () => listAnswer(lists.shift() ?? [CURRENT]),
      [DISCONNECT]: () => ok({ success: true, message: 'Session disconnected successfully' }),
    });
    const user = setupUser();
    const rows = await screen.findAllByTestId('session-row');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Disconnect/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Session' });
    expect(server.callsTo(DISCONNECT)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Session disconnected successfully')).toBeInTheDocument();
    expect(server.bodiesTo(DISCONNECT)).toEqual([{ sessionId: OTHER_ID }]);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(reload).not.toHaveBeenCalled();
  });

  it('cancelling the confirmation sends nothing', async () => {
    const server = renderTab(ADMIN, { [LIST]: () => listAnswer([CURRENT, OTHER]) });
    const user = setupUser();
    const rows = await screen.findAllByTestId('session-row');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Disconnect/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Session' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo(DISCONNECT)).toHaveLength(0);
  });

  it('reports a failed disconnect with the reason', async () => {
    renderTab(ADMIN, {
      [LIST]: () => listAnswer([CURRENT, OTHER]),
      [DISCONNECT]: () => refused(404, 'NOT_FOUND', ADMIN_MESSAGES.sessionNotFound),
    });
    const user = setupUser();
    const rows = await screen.findAllByTestId('session-row');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Disconnect/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect session: Session not found')).toBeInTheDocument();
  });

  it('reloads after disconnecting the current session (it is signed out)', async () => {
    renderTab(ADMIN, {
      [LIST]: () => listAnswer([CURRENT]),
      [DISCONNECT]: () => ok({ success: true, message: 'Session disconnected successfully' }),
    });
    const user = setupUser();
    const [row] = await screen.findAllByTestId('session-row');
    await user.click(within(row!).getByRole('button', { name: /^Disconnect/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('lets a view_only operator disconnect only their own sessions', async () => {
    const mine = session({ username: VIEWER.username, email: VIEWER.email, isCurrent: true });
    renderTab(VIEWER, {
      [LIST]: () => listAnswer([mine, { ...OTHER, username: 'ada', email: ADMIN.email }]),
    });
    const [own, other] = (await screen.findAllByTestId('session-row')) as [HTMLElement, HTMLElement];
    expect(within(own).getByRole('button', { name: /^Disconnect/ })).toBeEnabled();
    expect(within(own).queryByText('View only')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: /^Disconnect/ })).toBeDisabled();
    expect(within(other).getByText('View only')).toBeInTheDocument();
  });
});

describe('disconnectFailureMessage', () => {
  it('names the reason when there is one', () => {
    expect(
      disconnectFailureMessage(new AdminApiError(403, 'Forbidden', { message: ADMIN_MESSAGES.viewOnly })),
    ).toBe(`Failed to disconnect session: ${ADMIN_MESSAGES.viewOnly}`);
    expect(disconnectFailureMessage(new AdminApiError(400, 'Bad Request', null))).toBe(
      'Failed to disconnect session: HTTP 400: Bad Request',
    );
  });

  it('says only Failed to disconnect session without one', () => {
    expect(disconnectFailureMessage(new Error(''))).toBe('Failed to disconnect session');
    expect(disconnectFailureMessage(undefined)).toBe('Failed to disconnect session');
  });
});
