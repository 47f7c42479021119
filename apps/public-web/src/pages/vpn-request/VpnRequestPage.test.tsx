import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { PUBLIC_API } from '@tunnelscope/contracts';
import { RESEND_COOLDOWN_SECONDS } from '../../components/flow/index.js';
import { fakeServer, refused, REQUEST_ID, submitted } from '../../test/fake-server.js';
import { renderWithProviders, setupUser } from '../../test/render.js';
import VpnRequestPage from './VpnRequestPage.js';

const SUBMIT = PUBLIC_API.vpnRequest.path;
const VERIFY = PUBLIC_API.verifyVpnOtp.path;
const PLAY_LINK = 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn';

const box = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });

/** Click into a field and paste: quicker than typing every character, same events for the form. */
async function enter(user: ReturnType<typeof setupUser>, name: string, text: string) {
  await user.click(box(name));
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof setupUser>) {
  await enter(user, 'VPN Application Name', 'Turbo VPN');
  await enter(user, 'Google Play Store Link', PLAY_LINK);
  await enter(user, 'Your Email', 'grace@example.com');
  await enter(user, 'Additional Information', 'Seen on our checkout page in Brazil.');
}

describe('VpnRequestPage', () => {
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  it('keeps Submit disabled until every field is filled and valid', async () => {
    fakeServer({});
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    expect(screen.getByRole('heading', { name: 'Request VPN Detection' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await enter(user, 'VPN Application Name', 'Turbo VPN');
    await enter(user, 'Google Play Store Link', PLAY_LINK);
    await enter(user, 'Your Email', 'grace@example.com');
    expect(submitButton()).toBeDisabled();
    await enter(user, 'Additional Information', 'Seen in Brazil.');
    expect(submitButton()).toBeEnabled();
    await user.clear(box('Your Email'));
    await user.type(box('Your Email'), 'grace@');
    expect(submitButton()).toBeDisabled();
  });

  it('shows the spec message for a link that is not a Play Store link, and for a bad name', async () => {
    fakeServer({});
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await enter(user, 'Google Play Store Link', 'https://apps.apple.com/app/turbo-vpn/id1');
    await user.tab();
    expect(box('Google Play Store Link')).toHaveAccessibleDescription(
      expect.stringContaining(
        'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
      ),
    );
    await user.clear(box('Google Play Store Link'));
    await user.type(box('Google Play Store Link'), 'not a url');
    expect(screen.getByText('Invalid URL format')).toBeInTheDocument();

    await user.type(box('VPN Application Name'), 'Turbo<VPN>!');
    await user.tab();
    expect(screen.getByText('VPN name contains invalid characters')).toBeInTheDocument();
  });

  it('submits, verifies, shows the request number and copies it ("Copied" for 2 s)', async () => {
    const server = fakeServer({
      [SUBMIT]: submitted,
      [VERIFY]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Email verified successfully!',
          requestNumber: 'VPN-20261122-7K3F9Q',
        },
      }),
    });
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Email Verification' })).toHaveFocus();
    expect(server.bodiesTo(SUBMIT)).toEqual([
      {
        vpnName: 'Turbo VPN',
        playstoreLink: PLAY_LINK,
        userEmail: 'grace@example.com',
        additionalInfo: 'Seen on our checkout page in Brazil.',
      },
    ]);
    await user.click(box('Digit 1 of 6'));
    await user.keyboard('246810');
    // No auto-submit here: the button sends it.
    expect(server.bodiesTo(VERIFY)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));

    expect(await screen.findByRole('heading', { name: 'Request Submitted!' })).toHaveFocus();
    expect(server.bodiesTo(VERIFY)).toEqual([{ requestId: REQUEST_ID, otpCode: '246810' }]);
    expect(screen.getAllByText('VPN-20261122-7K3F9Q')[0]).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully!')).toBeInTheDocument();
    expect(screen.getByText(/confirmation email with your request number/)).toBeInTheDocument();

    jest.useFakeTimers();
    const clock = setupUser({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await clock.click(screen.getByRole('button', { name: 'Copy request number' }));
    expect(writeText).toHaveBeenCalledWith('VPN-20261122-7K3F9Q');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Copied to clipboard')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Copy request number' })).toHaveTextContent('Copy');
  });

  it("toasts the spec's submit failure with the one 'too many requests' wording under it", async () => {
    fakeServer({
      [SUBMIT]: () =>
        refused(
          429,
          'Too many verification codes were requested for this email address. Please try again in 5 minutes.',
        ),
    });
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to submit VPN request. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again in 5 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Request VPN Detection' })).toBeInTheDocument();
  });

  it("toasts 'Invalid or expired verification code.' when the code is refused", async () => {
    fakeServer({
      [SUBMIT]: submitted,
      [VERIFY]: () => refused(400, 'Invalid or expired verification code.'),
    });
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Email Verification' });
    await user.click(box('Digit 1 of 6'));
    await user.keyboard('111111{Enter}');
    expect(await screen.findByText('Invalid or expired verification code.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Verification' })).toBeInTheDocument();
  });

  it('asks for the whole code before verifying', async () => {
    const server = fakeServer({ [SUBMIT]: submitted });
    const user = setupUser();
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Email Verification' });
    await user.click(box('Digit 1 of 6'));
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('OTP code must be exactly 6 digits')).toBeInTheDocument();
    expect(server.bodiesTo(VERIFY)).toEqual([]);
  });

  it('resends the code of the same submission after the cooldown, and counts down again', async () => {
    jest.useFakeTimers();
    const server = fakeServer({ [SUBMIT]: submitted });
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Email Verification' })).toBeInTheDocument();
    expect(screen.getByTestId('resend-cooldown')).toHaveTextContent(
      `You can resend the code in ${RESEND_COOLDOWN_SECONDS} s.`,
    );

    act(() => jest.advanceTimersByTime(RESEND_COOLDOWN_SECONDS * 1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    const bodies = server.bodiesTo(SUBMIT);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(screen.getByText('Check grace@example.com for your new 6-digit code.')).toBeInTheDocument();
    expect(screen.getByTestId('resend-cooldown')).toHaveTextContent(`in ${RESEND_COOLDOWN_SECONDS} s.`);
  });

  it("a refused resend shows the form's failure toast with the one 'too many requests' wording", async () => {
    jest.useFakeTimers();
    let calls = 0;
    fakeServer({
      [SUBMIT]: () =>
        ++calls === 1
          ? submitted()
          : refused(
              429,
              'Too many verification codes were requested for this email address. Please try again in 7 minutes.',
            ),
    });
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<VpnRequestPage />, { path: '/vpn-request' });
    await fillForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Email Verification' });
    act(() => jest.advanceTimersByTime(RESEND_COOLDOWN_SECONDS * 1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to submit VPN request. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again in 7 minutes.')).toBeInTheDocument();
    expect(screen.getByTestId('resend-cooldown')).toHaveTextContent('in 7:00.');
  });
});
