import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { App } from '../../App.js';
import { pageReload } from '../../auth/page-reload.js';
import {
  ADMIN,
  fakeServer,
  installFakeTurnstile,
  meAnswer,
  ok,
  refused,
  setupUser,
  type FakeRoute,
} from '../../auth/testing.js';
import { testQueryClient } from '../../test/render.js';
import { resetTurnstileLoaderForTests } from '../../turnstile/turnstile-api.js';

const ME = 'GET /auth/me';
const LOGIN = 'POST /auth/login';
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

const signedOut: FakeRoute = () => refused(401, 'UNAUTHORIZED', ADMIN_MESSAGES.authRequired);
const requires2FA: FakeRoute = () => ({
  status: 401,
  body: {
    success: false,
    error: 'UNAUTHORIZED',
    message: ADMIN_MESSAGES.twoFactorRequired,
    requires2FA: true,
  },
});
const signedIn: FakeRoute = () => ok({ success: true, data: { user: { ...ADMIN, twoFactorEnabled: true } } });

let turnstile: ReturnType<typeof installFakeTurnstile>;
let reload: jest.SpiedFunction<typeof pageReload.reload>;

beforeEach(() => {
  resetTurnstileLoaderForTests();
  turnstile = installFakeTurnstile();
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  turnstile.uninstall();
  reload.mockRestore();
});

async function renderLogin(routes: Record<string, FakeRoute>) {
  const server = fakeServer({ [ME]: signedOut, ...routes });
  const user = setupUser();
  render(<App client={testQueryClient()} />);
  await screen.findByRole('button', { name: 'Sign In' });
  await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
  return { server, user };
}

async function fillStep1(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse-9!');
}

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('LoginPage, step 1', () => {
  it('shows Loading admin panel... during the auth check, then the login screen without an error', async () => {
    let answer: (value: ReturnType<FakeRoute>) => void = () => undefined;
    fakeServer({ [ME]: () => new Promise((resolve) => (answer = resolve)) });
    render(<App client={testQueryClient()} />);
    expect(screen.getByText('Loading admin panel...')).toBeInTheDocument();
    await act(async () => answer(refused(401, 'UNAUTHORIZED', ADMIN_MESSAGES.authRequired)));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Loading admin panel...')).not.toBeInTheDocument();
    expect(alertText()).toBeNull();
  });

  it('renders the widget once, in the dark theme, with the configured site key', async () => {
    await renderLogin({});
    expect(turnstile.api.render).toHaveBeenCalledTimes(1);
    expect(turnstile.api.render.mock.calls[0]![1]).toMatchObject({
      sitekey: '1x00000000000000000000AA',
      theme: 'dark',
    });
    expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).not.toBeChecked();
  });

  it('asks for username and password before anything else', async () => {
    const { server, user } = await renderLogin({});
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it('refuses to submit without a bot-check token, on the client, with no call', async () => {
    const { server, user } = await renderLogin({});
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alertText()).toBe('Please complete the CAPTCHA verification.');
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    const { user } = await renderLogin({});
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('sends the token and Remember me with step 1, and no code', async () => {
    const { server, user } = await renderLogin({ [LOGIN]: signedIn });
    await fillStep1(user);
    await user.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Welcome, ada');
    expect(server.bodiesTo(LOGIN)).toEqual([
      { username: 'ada', password: 'Correct-Horse-9!', rememberMe: true, turnstileToken: TOKEN },
    ]);
  });

  it('keeps a refusal on screen and asks the widget for a new token (tokens are single use)', async () => {
    const { user } = await renderLogin({
      [LOGIN]: () => refused(401, 'UNAUTHORIZED', ADMIN_MESSAGES.invalidCredentials),
    });
    await fillStep1(user);
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertText()).toBe(ADMIN_MESSAGES.invalidCredentials));
    expect(turnstile.api.reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // The old token is gone: submitting again without a new one is refused on the client.
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alertText()).toBe(ADMIN_MESSAGES.captchaMissing);
  });

  it('says Login failed for a refusal without text, and hides errors that mention Unauthorized', async () => {
    const answers: ReturnType<FakeRoute>[] = [
      { status: 401 },
      { status: 401, body: { success: false, error: 'UNAUTHORIZED', message: 'Unauthorized' } },
    ];
    const { user } = await renderLogin({ [LOGIN]: () => answers.shift()! });
    await fillStep1(user);
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertText()).toBe('Login failed'));
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertText()).toBeNull());
  });

  it('turns CAPTCHA_FAILED into the spec sentence, clears the token and resets the widget', async () => {
    const { server, user } = await renderLogin({
      [LOGIN]: () => refused(400, 'CAPTCHA_FAILED', 'Bot check refused'),
    });
    await fillStep1(user);
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertText()).toBe('CAPTCHA verification failed. Please try again.'));
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alertText()).toBe(ADMIN_MESSAGES.captchaMissing);
    expect(server.callsTo(LOGIN)).toHaveLength(1);
  });

  it('clears the token when the widget reports an error or expiry', async () => {
    const { server, user } = await renderLogin({ [LOGIN]: signedIn });
    await fillStep1(user);
    act(() => turnstile.solve());
    act(() => turnstile.expire());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alertText()).toBe(ADMIN_MESSAGES.captchaMissing);
    act(() => turnstile.solve());
    act(() => turnstile.fail());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it('says An unexpected error occurred during login. when the answer cannot be read', async () => {
    const { user } = await renderLogin({
      [LOGIN]: signedIn,
      // success without a user makes the panel ask /auth/me, which answers garbage
    });
    server500OnMe();
    await fillStep1(user);
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertText()).toBe('An unexpected error occurred during login.'));
  });
});

/** Replaces fetch so that login succeeds without a user and /auth/me answers a shape it cannot parse. */
function server500OnMe() {
  fakeServer({
    [LOGIN]: () => ok({ success: true }),
    [ME]: () => ok({ success: true, data: { user: { id: 'not-a-uuid' } } }),
  });
}

describe('LoginPage, step 2', () => {
  async function reachStep2(routes: Record<string, FakeRoute> = {}) {
    const answers: FakeRoute[] = [requires2FA];
    const setup = await renderLogin({
      [LOGIN]: (body) => (answers.shift() ?? routes[LOGIN] ?? signedIn)(body),
    });
    await fillStep1(setup.user);
    act(() => turnstile.solve());
    await setup.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Verify' });
    return setup;
  }

  it('switches to the 6-digit code on requires2FA, with no error, and resets the widget', async () => {
    await reachStep2();
    expect(alertText()).toBeNull();
    const code = screen.getByLabelText(/^Verification code/);
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(turnstile.api.reset).toHaveBeenCalledTimes(1);
  });

  it('keeps digits only, at most six, and requires all six', async () => {
    const { server, user } = await reachStep2();
    const code = screen.getByLabelText(/^Verification code/);
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(ADMIN_MESSAGES.sixDigitCode)).toBeInTheDocument();
    expect(server.callsTo(LOGIN)).toHaveLength(1);
    await user.type(code, '45678');
    expect(code).toHaveValue('123456');
  });

  it('sends the code with the credentials and without a token, then shows the dashboard', async () => {
    const { server, user } = await reachStep2();
    await user.type(screen.getByLabelText(/^Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Welcome, ada');
    expect(server.bodiesTo(LOGIN)[1]).toEqual({
      username: 'ada',
      password: 'Correct-Horse-9!',
      totpCode: '123456',
      rememberMe: false,
    });
    expect(screen.getByText('2FA')).toBeInTheDocument();
  });

  it('keeps a wrong code on step 2 with the server message', async () => {
    const { user } = await reachStep2({
      [LOGIN]: () => refused(401, 'UNAUTHORIZED', ADMIN_MESSAGES.invalidCode),
    });
    await user.type(screen.getByLabelText(/^Verification code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(alertText()).toBe(ADMIN_MESSAGES.invalidCode));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });

  it('Back to Login clears the code, returns to step 1 and resets the widget again', async () => {
    const { user } = await reachStep2({ [LOGIN]: requires2FA });
    await user.type(screen.getByLabelText(/^Verification code/), '123');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('ada');
    expect(turnstile.api.reset).toHaveBeenCalledTimes(2);
    // Step 2 again starts with an empty code.
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText(/^Verification code/)).toHaveValue('');
  });
});

describe('post-login reload check', () => {
  it('does not reload when the dashboard appears', async () => {
    const { user } = await renderLogin({ [LOGIN]: signedIn });
    await fillStep1(user);
    act(() => turnstile.solve());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Welcome, ada');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('auth check on load', () => {
  it('opens the dashboard straight away for a signed-in operator, as a background call', async () => {
    const server = fakeServer({ [ME]: () => meAnswer(ADMIN) });
    render(<App client={testQueryClient()} />);
    expect(await screen.findByText('Welcome, ada')).toBeInTheDocument();
    expect(server.callsTo(ME)).toEqual([expect.objectContaining({ background: true })]);
  });

  it('hides a 503 and a network failure', async () => {
    fakeServer({ [ME]: () => ({ status: 503 }) });
    const first = render(<App client={testQueryClient()} />);
    await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 });
    expect(alertText()).toBeNull();
    first.unmount();

    fakeServer({ [ME]: () => 'network' });
    render(<App client={testQueryClient()} />);
    await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 });
    expect(alertText()).toBeNull();
  });

  it('shows any other failure on the login screen', async () => {
    fakeServer({ [ME]: () => refused(403, 'FORBIDDEN', 'This account is inactive') });
    render(<App client={testQueryClient()} />);
    await screen.findByRole('button', { name: 'Sign In' });
    expect(alertText()).toBe('This account is inactive');
  });
});
