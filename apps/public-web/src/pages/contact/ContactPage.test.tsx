import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { PUBLIC_API } from '@tunnelscope/contracts';
import { fakeServer, refused, REQUEST_ID, submitted } from '../../test/fake-server.js';
import { renderWithProviders, setupUser } from '../../test/render.js';
import ContactPage from './ContactPage.js';

const SUBMIT = PUBLIC_API.contact.path;
const VERIFY = PUBLIC_API.verifyContactOtp.path;
const CONSENT_WARNING = 'You must agree to data processing to send your message.';

const box = (name: string) => screen.getByRole('textbox', { name });

async function enter(user: ReturnType<typeof setupUser>, name: string, text: string) {
  await user.click(box(name));
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof setupUser>, { consent = true } = {}) {
  await enter(user, 'Name', "Seán O'Brien");
  await enter(user, 'Email', 'sean@example.com');
  await enter(user, 'Subject', 'Enterprise pricing');
  await enter(user, 'Message', 'We screen about two million logins a day.');
  if (consent) await user.click(screen.getByRole('checkbox'));
}

describe('ContactPage', () => {
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  it('shows the support and sales addresses and the 24-hour promise', () => {
    fakeServer({});
    renderWithProviders(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: 'support@tunnelscope.example' })).toHaveAttribute(
      'href',
      'mailto:support@tunnelscope.example',
    );
    expect(screen.getByRole('link', { name: 'sales@tunnelscope.example' })).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('shows the name rule for a name with digits', async () => {
    fakeServer({});
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await enter(user, 'Name', 'R2D2');
    await user.tab();
    expect(box('Name')).toHaveAccessibleDescription(
      'Name can only contain letters, spaces, hyphens, apostrophes, and periods',
    );
  });

  it('without consent shows the warning for 5 s and sends nothing', async () => {
    jest.useFakeTimers();
    const server = fakeServer({ [SUBMIT]: submitted });
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user, { consent: false });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText(CONSENT_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(CONSENT_WARNING);
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(server.fetch).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText(CONSENT_WARNING)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText(CONSENT_WARNING)).not.toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message in the toast when the submit fails", async () => {
    fakeServer({ [SUBMIT]: () => refused(400, 'Emails from this domain are not accepted.') });
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Emails from this domain are not accepted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(box('Subject')).toHaveValue('Enterprise pricing');
  });

  it("falls back to the spec's text when the server says nothing", async () => {
    fakeServer({ [SUBMIT]: () => ({ status: 502 }) });
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to submit contact form. Please try again.')).toBeInTheDocument();
  });

  it('treats a submit answer without a requestId as a failed call', async () => {
    fakeServer({ [SUBMIT]: () => ({ status: 200, body: { success: true, message: 'Sent.' } }) });
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to submit contact form. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('sends, verifies the code and confirms with the 24-hour promise', async () => {
    const server = fakeServer({
      [SUBMIT]: submitted,
      [VERIFY]: () => ({ status: 200, body: { success: true, message: 'Message sent successfully!' } }),
    });
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toHaveFocus();
    expect(server.bodiesTo(SUBMIT)).toEqual([
      {
        name: "Seán O'Brien",
        email: 'sean@example.com',
        subject: 'Enterprise pricing',
        message: 'We screen about two million logins a day.',
        consent: true,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Back to form' })).toBeInTheDocument();
    await user.click(box('Digit 1 of 6'));
    await user.keyboard('135790');
    await user.click(screen.getByRole('button', { name: 'Verify & Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Message Sent Successfully!' })).toHaveFocus();
    expect(server.bodiesTo(VERIFY)).toEqual([{ requestId: REQUEST_ID, otpCode: '135790' }]);
    expect(screen.getByText('Message sent successfully!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
  });

  it("toasts 'Invalid or expired verification code.' and stays on the code step", async () => {
    fakeServer({
      [SUBMIT]: submitted,
      [VERIFY]: () => refused(400, 'Invalid or expired verification code.'),
    });
    const user = setupUser();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('heading', { name: 'Verify Your Email' });
    await user.click(box('Digit 1 of 6'));
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Verify & Send Message' }));
    expect(await screen.findByText('Invalid or expired verification code.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to form' }));
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toHaveFocus();
    expect(box('Name')).toHaveValue("Seán O'Brien");
  });
});
