import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { useEffect, useState } from 'react';
import { renderWithProviders } from '../test/render.js';
import { AuthProvider, useAuth, type LoginOutcome } from './AuthContext.js';
import { pageReload } from './page-reload.js';
import { ADMIN, fakeServer, meAnswer, ok, refused, setupUser } from './testing.js';

const ME = 'GET /auth/me';
const LOGIN = 'POST /auth/login';
const LOGOUT = 'POST /auth/logout';

/** Shows the auth state and offers login and logout; `dashboard` mounts a stand-in dashboard when signed in. */
function Probe({ dashboard = false }: { dashboard?: boolean }) {
  const auth = useAuth();
  const [outcome, setOutcome] = useState<LoginOutcome | null>(null);
  return (
    <div>
      <output data-testid="state">
        {auth.isLoading ? 'loading' : auth.isAuthenticated ? `in:${auth.user?.username}` : 'out'}
      </output>
      <output data-testid="error">{auth.error ?? ''}</output>
      <output data-testid="outcome">{outcome ?? ''}</output>
      <button
        onClick={() =>
          void auth
            .login({ username: 'ada', password: 'pw', turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })
            .then(setOutcome)
        }
      >
        login
      </button>
      <button
        onClick={() =>
          void auth.login({ username: 'ada', password: 'pw', totpCode: '123456' }).then(setOutcome)
        }
      >
        verify
      </button>
      <button onClick={() => void auth.logout()}>logout</button>
      {dashboard && auth.isAuthenticated && <FakeDashboard />}
    </div>
  );
}

function FakeDashboard() {
  const { dashboardMounted } = useAuth();
  useEffect(() => dashboardMounted(), [dashboardMounted]);
  return <p>dashboard</p>;
}

const state = () => screen.getByTestId('state').textContent;

let reload: jest.SpiedFunction<typeof pageReload.reload>;
beforeEach(() => {
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => reload.mockRestore());

describe('AuthProvider', () => {
  it('starts loading, then is authenticated from the auth check', async () => {
    fakeServer({ [ME]: () => meAnswer(ADMIN) });
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('in:ada'));
  });

  it('reloads about 600 ms after a login when the dashboard has not appeared', async () => {
    fakeServer({
      [ME]: () => refused(401, 'UNAUTHORIZED', 'x'),
      [LOGIN]: () => ok({ success: true, data: { user: ADMIN } }),
    });
    const user = setupUser();
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('out'));
    const clickedAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() => expect(state()).toBe('in:ada'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(590);
  });

  it('does not reload after a login when the dashboard appeared', async () => {
    fakeServer({
      [ME]: () => refused(401, 'UNAUTHORIZED', 'x'),
      [LOGIN]: () => ok({ success: true, data: { user: ADMIN } }),
    });
    const user = setupUser();
    renderWithProviders(
      <AuthProvider>
        <Probe dashboard />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('out'));
    await user.click(screen.getByRole('button', { name: 'login' }));
    await screen.findByText('dashboard');
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows why a code was refused in step 2, which asks for 2FA again', async () => {
    fakeServer({
      [ME]: () => refused(401, 'UNAUTHORIZED', 'x'),
      [LOGIN]: () => ({
        status: 401,
        body: {
          success: false,
          error: 'UNAUTHORIZED',
          message: ADMIN_MESSAGES.invalidCode,
          requires2FA: true,
        },
      }),
    });
    const user = setupUser();
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('out'));
    await user.click(screen.getByRole('button', { name: 'verify' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('requires2FA'));
    expect(screen.getByTestId('error')).toHaveTextContent('Invalid verification code');
  });

  it('answers requires2FA as a normal result and clears the previous error', async () => {
    const answers = [
      refused(401, 'UNAUTHORIZED', ADMIN_MESSAGES.invalidCredentials),
      { status: 401, body: { success: false, error: 'UNAUTHORIZED', message: 'x', requires2FA: true } },
    ];
    fakeServer({ [ME]: () => refused(401, 'UNAUTHORIZED', 'x'), [LOGIN]: () => answers.shift()! });
    const user = setupUser();
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('out'));
    await user.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('failed'));
    expect(screen.getByTestId('error')).toHaveTextContent(ADMIN_MESSAGES.invalidCredentials);
    await user.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('requires2FA'));
    expect(screen.getByTestId('error')).toBeEmptyDOMElement();
    expect(state()).toBe('out');
  });

  it('logs out: calls the server, clears the user and reloads', async () => {
    const server = fakeServer({ [ME]: () => meAnswer(ADMIN), [LOGOUT]: () => ok({ success: true }) });
    const user = setupUser();
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('in:ada'));
    await user.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.callsTo(LOGOUT)).toHaveLength(1);
    expect(state()).toBe('out');
  });

  it('reloads after logout even when the server refuses or cannot be reached', async () => {
    fakeServer({ [ME]: () => meAnswer(ADMIN), [LOGOUT]: () => refused(403, 'FORBIDDEN', 'nope') });
    const user = setupUser();
    const view = renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('in:ada'));
    await user.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(state()).toBe('out');
    view.unmount();

    fakeServer({ [ME]: () => meAnswer(ADMIN), [LOGOUT]: () => 'network' });
    renderWithProviders(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe('in:ada'));
    await user.click(screen.getByRole('button', { name: 'logout' }));
    // Three attempts 500 ms apart, then the reload.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(state()).toBe('out');
  });
});
