/**
 * Issue 16: the idle warning two minutes before the 30-minute timeout, counted down from the
 * server's view of the session; its own checks are background calls (watching does not keep the
 * session alive); "Stay signed in" is the one call that counts as activity; an ended session goes
 * back to the login screen.
 */
import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { ADMIN_MESSAGES, type SessionView } from '@tunnelscope/contracts';
import { renderWithProviders } from '../test/render.js';
import { IdleWarning } from './IdleWarning.js';
import { formatCountdown, idleDeadline } from './idle-deadline.js';
import { AuthProvider, useAuth } from './AuthContext.js';
import { ADMIN, fakeServer, ok, setupUser } from './testing.js';

const MINUTE = 60_000;

/** What the login screen would be given: the user, or the reason there is none. */
function AuthProbe() {
  const { user, error } = useAuth();
  return <output data-testid="auth">{user ? 'signed in' : (error ?? 'signed out')}</output>;
}
const ME = 'GET /auth/me';

/** The server's view with `idleInMs` left, its clock `skewMs` ahead of the browser's. */
function view(idleInMs: number, skewMs = 0): SessionView {
  const serverNow = Date.now() + skewMs;
  return {
    lastActivity: new Date(serverNow - (30 * MINUTE - idleInMs)).toISOString(),
    idleExpiresAt: new Date(serverNow + idleInMs).toISOString(),
    expiresAt: new Date(serverNow + 10 * 60 * MINUTE).toISOString(),
    serverTime: new Date(serverNow).toISOString(),
  };
}
const meWith = (session: SessionView) => ok({ success: true, data: { user: ADMIN, session } });

async function flush() {
  for (let i = 0; i < 10; i++) await act(async () => jest.advanceTimersByTime(0));
}

describe('idle deadline', () => {
  it('counts from the server’s clock, whatever the browser’s says', () => {
    const receivedAt = 1_000_000;
    expect(idleDeadline(view(5 * MINUTE, 3 * 60 * MINUTE), receivedAt)).toBe(receivedAt + 5 * MINUTE);
    expect(idleDeadline({ ...view(MINUTE), idleExpiresAt: null }, receivedAt)).toBeNull();
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('<IdleWarning>', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('warns two minutes before, counts down, and "Stay signed in" makes one touching call', async () => {
    let idleIn = 10 * MINUTE;
    const server = fakeServer({ [ME]: () => meWith(view(idleIn)) });
    renderWithProviders(
      <IdleWarning
        initial={{ view: view(10 * MINUTE), receivedAt: Date.now() }}
        onSignOut={() => undefined}
      />,
    );
    await act(async () => jest.advanceTimersByTime(8 * MINUTE - 1_000));
    expect(server.calls).toHaveLength(0);
    expect(screen.queryByText(/signed out in/)).toBeNull();

    // Due: the server is asked (in the background) and still says 2 minutes.
    idleIn = 2 * MINUTE - 1_000;
    await act(async () => jest.advanceTimersByTime(1_000));
    await flush();
    expect(server.callsTo(ME).map((c) => c.background)).toEqual([true]);
    expect(screen.getByRole('timer')).toHaveTextContent('signed out in 1:59');
    await act(async () => jest.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('signed out in 1:29');

    idleIn = 30 * MINUTE;
    const user = setupUser({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await flush();
    expect(server.callsTo(ME).map((c) => c.background)).toEqual([true, false]);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows nothing when the operator was active meanwhile: the server moved the deadline', async () => {
    const server = fakeServer({ [ME]: () => meWith(view(25 * MINUTE)) });
    renderWithProviders(
      <IdleWarning
        initial={{ view: view(3 * MINUTE), receivedAt: Date.now() }}
        onSignOut={() => undefined}
      />,
    );
    await act(async () => jest.advanceTimersByTime(MINUTE));
    await flush();
    expect(server.callsTo(ME)).toHaveLength(1);
    expect(screen.queryByRole('timer')).toBeNull();
    // Rescheduled from the new deadline, with background calls only.
    await act(async () => jest.advanceTimersByTime(23 * MINUTE));
    await flush();
    expect(server.callsTo(ME).every((c) => c.background)).toBe(true);
    expect(server.callsTo(ME)).toHaveLength(2);
  });

  it('never warns a Remember me session (no idle timeout)', async () => {
    const server = fakeServer({ [ME]: () => meWith(view(MINUTE)) });
    renderWithProviders(
      <IdleWarning
        initial={{ view: { ...view(MINUTE), idleExpiresAt: null }, receivedAt: Date.now() }}
        onSignOut={() => undefined}
      />,
    );
    await act(async () => jest.advanceTimersByTime(60 * MINUTE));
    expect(server.calls).toHaveLength(0);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('goes to the login screen when the session has ended at the deadline', async () => {
    let alive = true;
    const server = fakeServer({
      [ME]: () =>
        alive
          ? meWith(view(2 * MINUTE))
          : {
              status: 401,
              body: { success: false, error: 'UNAUTHORIZED', message: 'Authentication required' },
            },
    });
    renderWithProviders(
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>,
    );
    await flush();
    // The auth check's view says 2 minutes left: the warning is due at once.
    await act(async () => jest.advanceTimersByTime(0));
    await flush();
    expect(screen.getByTestId('auth')).toHaveTextContent('signed in');
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    alive = false;
    await act(async () => jest.advanceTimersByTime(2 * MINUTE + 1_000));
    await flush();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(server.callsTo(ME).every((c) => c.background)).toBe(true);
    // The auth context confirmed the end (its own background check) and signed out, saying why.
    expect(screen.getByTestId('auth')).toHaveTextContent(ADMIN_MESSAGES.sessionExpired);
  });
});
