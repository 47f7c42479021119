import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render.js';
import {
  CONTACT_URL,
  REQUEST_ID,
  SECURITY_LOG_URL,
  VERIFY_CONTACT_URL,
  happyRoutes,
  fakeServer,
  type FakeAnswer,
} from '../../test/fake-server.js';
import { SecureContactForm } from './SecureContactForm.js';

const SUCCESS = "Success! Your message has been sent. We'll get back to you soon.";

const field = (name: 'Name' | 'Email' | 'Subject' | 'Message') => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /Send Secure Message|Sending Message\.\.\./ });
const marketing = () => screen.getByRole('checkbox', { name: /product news/ });

/** Pastes the value (one change event, like the visitor's paste), which keeps the tests quick. */
async function fill(user: ReturnType<typeof userEvent.setup>, target: HTMLElement, value: string) {
  await user.click(target);
  await user.paste(value);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, field('Name'), "Ada O'Brien");
  await fill(user, field('Email'), 'ada@example.com');
  await fill(user, field('Subject'), 'API pricing');
  await fill(user, field('Message'), 'Hello, what does the enterprise plan include?');
}

afterEach(() => {
  act(() => notifications.clean());
});

describe('SecureContactForm', () => {
  it('labels every field, links the privacy policy and terms, and counts characters live', async () => {
    fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);

    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(marketing()).not.toBeChecked();
    expect(screen.getByText('0 / 100')).toBeInTheDocument();
    expect(screen.getByText('0 / 200')).toBeInTheDocument();
    expect(screen.getByText('0 / 2000')).toBeInTheDocument();

    await user.type(field('Name'), 'Ada');
    expect(screen.getByText('3 / 100')).toBeInTheDocument();
    await user.type(field('Subject'), 'Pricing');
    expect(screen.getByText('7 / 200')).toBeInTheDocument();
    await user.type(field('Message'), 'Hi there!');
    expect(screen.getByText('9 / 2000')).toBeInTheDocument();
    // The counter is part of the field's description for screen readers.
    expect(field('Name')).toHaveAccessibleDescription(expect.stringContaining('3 / 100'));
  });

  it('validates each field live and disables the button while an error shows', async () => {
    fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);

    await user.type(field('Name'), 'Ada <b>');
    expect(screen.getByText('Name contains invalid characters')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(submitButton()).toBeDisabled();

    await user.clear(field('Name'));
    await user.type(field('Name'), 'R2D2');
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, apostrophes, and periods'),
    ).toBeInTheDocument();

    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ada');
    expect(screen.queryByText(/Name (contains|can only)/)).not.toBeInTheDocument();

    await user.type(field('Email'), 'not-an-email');
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@example.com');
    expect(submitButton()).toBeEnabled();
  });

  it('an invalid submit shows the Validation Error toast and logs a VALIDATION_ERROR event', async () => {
    const server = fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);

    await user.click(submitButton());

    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please correct the errors below and try again.')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();

    await waitFor(() => expect(server.bodiesTo(SECURITY_LOG_URL)).toHaveLength(1));
    expect(server.bodiesTo(SECURITY_LOG_URL)[0]).toMatchObject({
      type: 'VALIDATION_ERROR',
      details: { form: 'secure-contact', errors: { name: 'Name is required' } },
      timestamp: expect.any(String),
    });
    expect(server.bodiesTo(CONTACT_URL)).toHaveLength(0);
  });

  it('refuses a message under 10 characters on submit, with the server rule', async () => {
    const server = fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Subject'), 'Hi');
    await user.type(field('Message'), 'Short');
    // Not shown while typing…
    expect(screen.queryByText('Message must be at least 10 characters')).not.toBeInTheDocument();
    await user.click(submitButton());
    // …but on submit.
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(server.bodiesTo(CONTACT_URL)).toHaveLength(0);
  });

  it('happy path: contact, code, verify; success toast, cleared fields, hasMarketing sent', async () => {
    let releaseContact: (answer: FakeAnswer) => void = () => undefined;
    const routes = happyRoutes();
    const answerContact = routes[CONTACT_URL]!;
    const server = fakeServer({
      ...routes,
      [CONTACT_URL]: (body) =>
        new Promise<FakeAnswer>((resolve) => {
          releaseContact = resolve;
          void answerContact(body);
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);

    await fillValidForm(user);
    await user.click(marketing());
    await user.click(submitButton());

    // Busy while the server has not answered.
    expect(await screen.findByRole('button', { name: 'Sending Message...' })).toBeDisabled();
    expect(server.bodiesTo(CONTACT_URL)).toEqual([
      {
        name: "Ada O'Brien",
        email: 'ada@example.com',
        subject: 'API pricing',
        message: 'Hello, what does the enterprise plan include?',
        consent: true,
        hasMarketing: true,
      },
    ]);
    await act(async () =>
      releaseContact({ status: 200, body: { success: true, requestId: REQUEST_ID, message: 'sent' } }),
    );

    // The code step.
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const firstSlot = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    await waitFor(() => expect(firstSlot).toHaveFocus());
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Send Message' }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(server.bodiesTo(VERIFY_CONTACT_URL)).toEqual([{ requestId: REQUEST_ID, otpCode: '123456' }]);

    // Back to an empty form.
    expect(field('Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Subject')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(marketing()).not.toBeChecked();
    expect(screen.getByText('0 / 100')).toBeInTheDocument();
    expect(server.bodiesTo(SECURITY_LOG_URL)).toHaveLength(0);
  });

  it('sends hasMarketing false when the box is left unticked', async () => {
    const server = fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Verify Your Email' });
    expect(server.bodiesTo(CONTACT_URL)[0]).toMatchObject({ consent: true, hasMarketing: false });
  });

  it('a server error shows the server message and keeps every value', async () => {
    fakeServer({
      ...happyRoutes(),
      [CONTACT_URL]: () => ({
        status: 400,
        body: {
          success: false,
          error: 'BAD_REQUEST',
          message: 'Disposable email addresses are not accepted',
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await fillValidForm(user);
    await user.click(marketing());
    await user.click(submitButton());

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Disposable email addresses are not accepted')).toBeInTheDocument();
    expect(field('Name')).toHaveValue("Ada O'Brien");
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Subject')).toHaveValue('API pricing');
    expect(field('Message')).toHaveValue('Hello, what does the enterprise plan include?');
    expect(marketing()).toBeChecked();
    expect(submitButton()).toHaveTextContent('Send Secure Message');
    expect(submitButton()).toBeEnabled();
  });

  it("falls back to 'Submission failed' without a server message, and to the generic text on a network failure", async () => {
    fakeServer({ ...happyRoutes(), [CONTACT_URL]: () => ({ status: 500 }) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();

    fakeServer({
      ...happyRoutes(),
      [CONTACT_URL]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(submitButton());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue("Ada O'Brien");
  });

  it('a wrong code shows the server message, stays on the code step, and the form keeps its values', async () => {
    fakeServer({
      ...happyRoutes(),
      [VERIFY_CONTACT_URL]: () => ({
        status: 400,
        body: { success: false, error: 'BAD_REQUEST', message: 'Invalid or expired verification code.' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Verify Your Email' });

    // An incomplete code is caught before any call.
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify & Send Message' }));
    expect(screen.getByText('OTP code must be exactly 6 digits')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Digit 3 of 6' }));
    await user.keyboard('3456');
    await user.click(screen.getByRole('button', { name: 'Verify & Send Message' }));
    expect(await screen.findByText('Invalid or expired verification code.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to form' }));
    expect(field('Name')).toHaveValue("Ada O'Brien");
    expect(field('Message')).toHaveValue('Hello, what does the enterprise plan include?');
  });

  it('logs a THREAT_DETECTED event (field names and types only) when a submitted field holds an attack', async () => {
    const server = fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecureContactForm />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Subject'), 'Hello');
    await user.type(field('Message'), 'Please look at <script>alert(1)</script> this message.');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Verify Your Email' });

    expect(server.bodiesTo(SECURITY_LOG_URL)).toEqual([
      expect.objectContaining({
        type: 'THREAT_DETECTED',
        details: { form: 'secure-contact', fields: { message: ['XSS_ATTEMPT'] } },
      }),
    ]);
    // The message is sent as the sanitizer leaves it, without the script block.
    expect(server.bodiesTo(CONTACT_URL)[0]).toMatchObject({ message: 'Please look at  this message.' });
  });
});
