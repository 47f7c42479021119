import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { PUBLIC_API } from '@tunnelscope/contracts';
import { fakeServer, refused, REQUEST_ID, submitted } from '../../test/fake-server.js';
import { renderWithProviders, setupUser } from '../../test/render.js';
import WaitlistPage from './WaitlistPage.js';

const CHECK = PUBLIC_API.checkWaitlistEmail.path;
const JOIN = PUBLIC_API.waitlist.path;
const VERIFY = PUBLIC_API.verifyWaitlistOtp.path;

const emailBox = () => screen.getByRole('textbox', { name: 'Email Address' });

async function fillAndJoin(user: ReturnType<typeof setupUser>, email = 'ada@example.com') {
  await user.type(emailBox(), email);
  await user.type(screen.getByRole('textbox', { name: 'Company (Optional)' }), 'AT&T');
  await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
}

describe('WaitlistPage', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows the client rule message for a bad e-mail and sends nothing', async () => {
    const server = fakeServer({});
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await user.type(emailBox(), 'not-an-email');
    await user.tab();
    expect(emailBox()).toHaveAccessibleDescription('Invalid email format');
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(emailBox()).toHaveFocus();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('goes to already-registered when the check says the e-mail is verified, without joining', async () => {
    const server = fakeServer({ [CHECK]: () => ({ status: 200, body: { exists: true, isVerified: true } }) });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);
    const heading = await screen.findByRole('heading', { name: "You're already registered!" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/ada@example.com is already on our waitlist/)).toBeInTheDocument();
    expect(server.bodiesTo(CHECK)).toEqual([{ email: 'ada@example.com' }]);
    expect(server.bodiesTo(JOIN)).toEqual([]);
  });

  it('joins, shows the code step, auto-submits on the sixth digit and welcomes the visitor', async () => {
    const server = fakeServer({
      [CHECK]: () => ({ status: 200, body: { exists: true, isVerified: false } }),
      [JOIN]: submitted,
      [VERIFY]: () => ({
        status: 200,
        body: { success: true, message: "You've been added to our waitlist." },
      }),
    });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('Verification code sent!')).toBeInTheDocument();
    expect(server.bodiesTo(JOIN)).toEqual([{ email: 'ada@example.com', company: 'AT&T', useCase: null }]);
    expect(screen.getByText('⏰ Expires in 5 minutes')).toBeInTheDocument();
    expect(screen.getByText(/only sent to addresses that are not registered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to form' })).toBeInTheDocument();

    // The step's heading has focus; the code entry is the next Tab stop. Six digits, no click.
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
    await user.keyboard('123456');
    // About 100 ms later, not at once.
    expect(server.bodiesTo(VERIFY)).toEqual([]);
    const welcome = await screen.findByRole('heading', { name: 'Welcome to TunnelScope!' });
    expect(server.bodiesTo(VERIFY)).toEqual([{ requestId: REQUEST_ID, otpCode: '123456' }]);
    expect(welcome).toHaveFocus();
    expect(screen.getByText("You've been added to our waitlist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('treats a 409 from join as already registered', async () => {
    fakeServer({
      [CHECK]: () => ({ status: 200, body: { exists: false, isVerified: false } }),
      [JOIN]: () => refused(409, 'This email is already on the waitlist.'),
    });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);
    expect(await screen.findByRole('heading', { name: "You're already registered!" })).toBeInTheDocument();
  });

  it("toasts 'Error' with the server's message, or 'Failed to join waitlist' without one", async () => {
    let answer = refused(400, 'Disposable email addresses are not accepted.');
    fakeServer({
      [CHECK]: () => ({ status: 200, body: { exists: false, isVerified: false } }),
      [JOIN]: () => answer,
    });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);
    expect(await screen.findByText('Disposable email addresses are not accepted.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument();

    answer = { status: 502, body: undefined } as never;
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('Failed to join waitlist')).toBeInTheDocument();
  });

  it("toasts 'Verification failed' on a refused code and clears it for a new try", async () => {
    fakeServer({
      [CHECK]: () => ({ status: 200, body: { exists: false, isVerified: false } }),
      [JOIN]: submitted,
      [VERIFY]: () => refused(400, 'Invalid or expired verification code.'),
    });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);
    await screen.findByRole('heading', { name: 'Check Your Email' });
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('999999');
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired verification code.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
  });

  it('goes back to the form with its values kept', async () => {
    fakeServer({
      [CHECK]: () => ({ status: 200, body: { exists: false, isVerified: false } }),
      [JOIN]: submitted,
    });
    const user = setupUser();
    renderWithProviders(<WaitlistPage />, { path: '/waitlist' });
    await fillAndJoin(user);
    await user.click(await screen.findByRole('button', { name: 'Back to form' }));
    expect(screen.getByRole('heading', { name: 'Join the Waitlist' })).toHaveFocus();
    expect(emailBox()).toHaveValue('ada@example.com');
  });
});
