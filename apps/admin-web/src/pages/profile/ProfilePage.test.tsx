import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, type AdminUser } from '@tunnelscope/contracts';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../../auth/AuthContext.js';
import { pageReload } from '../../auth/page-reload.js';
import { ADMIN, fakeServer, meAnswer, ok, refused, setupUser, type FakeRoute } from '../../auth/testing.js';
import { currentPath, LocationProbe, renderWithProviders } from '../../test/render.js';
import { BACKUP_CODES_FILE_NAME } from './backup-codes.js';
import { ProfilePage } from './ProfilePage.js';

const UPDATE = 'POST /auth/update-profile';
const SETUP = 'POST /auth/setup-2fa';
const VERIFY = 'POST /auth/verify-2fa-setup';
const DISABLE = 'POST /auth/disable-2fa';

function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}

async function renderProfile(me: AdminUser, routes: Record<string, FakeRoute>, path = '/app/profile') {
  const server = fakeServer({ 'GET /auth/me': () => meAnswer(me), ...routes });
  const user = setupUser();
  renderWithProviders(
    <AuthProvider>
      <SignedIn>
        <ProfilePage />
        <LocationProbe />
      </SignedIn>
    </AuthProvider>,
    { path },
  );
  await screen.findByRole('heading', { name: 'Profile Settings' });
  return { server, user };
}

let reload: jest.SpiedFunction<typeof pageReload.reload>;
beforeEach(() => {
  reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  reload.mockRestore();
  act(() => notifications.clean());
});

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const updated =
  (user: AdminUser): FakeRoute =>
  () =>
    ok({ success: true, message: 'Profile updated successfully', data: { user } });

describe('Profile Settings tabs', () => {
  it('opens General at /app/profile, and puts the chosen tab in the address', async () => {
    const { user } = await renderProfile(ADMIN, {});
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(currentPath()).toBe('/app/profile/security');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab its address names', async () => {
    await renderProfile(ADMIN, {}, '/app/profile/security');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Set Up 2FA' })).toBeInTheDocument();
  });
});

describe('Profile Settings, General', () => {
  it('starts from the current username and e-mail', async () => {
    await renderProfile(ADMIN, {});
    expect(field('Username')).toHaveValue('ada');
    expect(field('Email')).toHaveValue('ada@tunnelscope.example');
  });

  it('says No changes detected to save and sends nothing when nothing changed', async () => {
    const { server, user } = await renderProfile(ADMIN, {});
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No changes detected to save')).toBeInTheDocument();
    expect(server.callsTo(UPDATE)).toHaveLength(0);
  });

  it('sends only the changed e-mail with the current password, toasts, and reloads 1.5 s later', async () => {
    const { server, user } = await renderProfile(ADMIN, {
      [UPDATE]: updated({ ...ADMIN, email: 'ada.l@tunnelscope.example' }),
    });
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada.l@tunnelscope.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Re-authentication: nothing is sent without the current password.
    expect(screen.getByText(ADMIN_MESSAGES.currentPasswordConfirm)).toBeInTheDocument();
    expect(server.callsTo(UPDATE)).toHaveLength(0);
    await user.type(field('Current Password'), 'Old-Passw0rd!');
    const savedAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(server.bodiesTo(UPDATE)).toEqual([
      { email: 'ada.l@tunnelscope.example', currentPassword: 'Old-Passw0rd!' },
    ]);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1450);
  });

  it('sends a password change with the current password, and does not reload', async () => {
    const { server, user } = await renderProfile(ADMIN, { [UPDATE]: updated(ADMIN) });
    await user.type(field('Current Password'), 'Old-Passw0rd!');
    await user.type(field('New Password'), 'New-Passw0rd!');
    await user.type(field('Confirm New Password'), 'New-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully');
    expect(server.bodiesTo(UPDATE)).toEqual([
      { currentPassword: 'Old-Passw0rd!', newPassword: 'New-Passw0rd!' },
    ]);
    expect(field('Current Password')).toHaveValue('');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1600)));
    expect(reload).not.toHaveBeenCalled();
  });

  it('says New passwords do not match, and asks for the current password', async () => {
    const { server, user } = await renderProfile(ADMIN, {});
    await user.type(field('New Password'), 'New-Passw0rd!');
    await user.type(field('Confirm New Password'), 'Other-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();

    await user.clear(field('Confirm New Password'));
    await user.type(field('Confirm New Password'), 'New-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Please enter your current password to change it')).toBeInTheDocument();
    expect(server.callsTo(UPDATE)).toHaveLength(0);
  });

  it('shows a wrong current password at its field and stays signed in (403, not the login screen)', async () => {
    const { server, user } = await renderProfile(ADMIN, {
      [UPDATE]: () => refused(403, 'invalid_current_password', ADMIN_MESSAGES.currentPasswordWrong),
    });
    await user.type(field('Current Password'), 'not-my-password');
    await user.type(field('New Password'), 'New-Passw0rd!');
    await user.type(field('Confirm New Password'), 'New-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.queryByText('Update Failed')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(server.callsTo('GET /auth/me')).toHaveLength(1);
  });

  it('shows Update Failed with the server text, or Failed to update profile', async () => {
    const answers = [refused(400, 'BAD_REQUEST', ADMIN_MESSAGES.currentPasswordWrong), { status: 400 }];
    const { user } = await renderProfile(ADMIN, { [UPDATE]: () => answers.shift()! });
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada_l');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByText('Update Failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = [
  '111111',
  '222222',
  '333333',
  '444444',
  '555555',
  '666666',
  '777777',
  '888888',
  '999999',
  '101010',
];
const setupAnswer: FakeRoute = () =>
  ok({
    success: true,
    data: { qrCode: 'data:image/png;base64,iVBORw0KGgo=', secret: SECRET, backupCodes: [] },
  });

async function openSecurity(me: AdminUser, routes: Record<string, FakeRoute>) {
  const setup = await renderProfile(me, routes);
  await setup.user.click(screen.getByRole('tab', { name: 'Security' }));
  return setup;
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function typeCode(user: ReturnType<typeof setupUser>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('Profile Settings, Security', () => {
  it('sets up 2FA: QR code and secret, then the code, then the backup codes once', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:codes');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const { server, user } = await openSecurity(ADMIN, {
      [SETUP]: setupAnswer,
      [VERIFY]: () =>
        ok({ success: true, message: 'Two-factor authentication enabled', data: { backupCodes: CODES } }),
    });
    await user.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(SECRET);
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const list = await screen.findByTestId('backup-codes');
    expect(server.bodiesTo(VERIFY)).toEqual([{ secret: SECRET, totpCode: '123456' }]);
    expect(
      within(list)
        .getAllByTestId('backup-code')
        .map((el) => el.textContent),
    ).toEqual(CODES);

    await user.click(screen.getByRole('button', { name: 'Download backup codes' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const text = await readBlob(createObjectURL.mock.calls[0]![0]);
    for (const code of CODES) expect(text).toContain(code);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe(BACKUP_CODES_FILE_NAME);
    click.mockRestore();

    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have saved my backup codes' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks for all six digits before verifying', async () => {
    const { server, user } = await openSecurity(ADMIN, { [SETUP]: setupAnswer });
    await user.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    await screen.findByTestId('totp-secret');
    await typeCode(user, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(ADMIN_MESSAGES.sixDigitCode)).toBeInTheDocument();
    expect(server.callsTo(VERIFY)).toHaveLength(0);
  });

  it('shows Verification Failed with Invalid verification code for a refused code', async () => {
    const { user } = await openSecurity(ADMIN, { [SETUP]: setupAnswer, [VERIFY]: () => ({ status: 400 }) });
    await user.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    await screen.findByTestId('totp-secret');
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
    expect(screen.getByText('Verification Failed')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-codes')).not.toBeInTheDocument();
  });

  it('shows Failed to verify 2FA setup when the call itself fails', async () => {
    const { user } = await openSecurity(ADMIN, { [SETUP]: setupAnswer, [VERIFY]: () => 'network' });
    await user.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    await screen.findByTestId('totp-secret');
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify 2FA setup', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows Setup Failed with Failed to initiate 2FA setup', async () => {
    const { user } = await openSecurity(ADMIN, { [SETUP]: () => ({ status: 400 }) });
    await user.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    expect(await screen.findByText('Failed to initiate 2FA setup')).toBeInTheDocument();
    expect(screen.getByText('Setup Failed')).toBeInTheDocument();
  });

  it('disables 2FA after the current password confirms it, sending the password, then reloads', async () => {
    const { server, user } = await openSecurity(
      { ...ADMIN, twoFactorEnabled: true },
      {
        [DISABLE]: () => ok({ success: true, message: 'Two-factor authentication disabled' }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 2FA' });
    // Without the current password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.currentPasswordConfirm)).toBeInTheDocument();
    expect(server.callsTo(DISABLE)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Current Password'), 'Current-Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.bodiesTo(DISABLE)).toEqual([{ currentPassword: 'Current-Passw0rd!' }]);
  });

  it('shows a wrong current password in the dialog and stays signed in (403, not the login screen)', async () => {
    const { server, user } = await openSecurity(
      { ...ADMIN, twoFactorEnabled: true },
      {
        [DISABLE]: () => refused(403, 'invalid_current_password', ADMIN_MESSAGES.currentPasswordWrong),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 2FA' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(server.callsTo('GET /auth/me')).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows Disable Failed with Failed to disable 2FA, and stays', async () => {
    const { user } = await openSecurity(
      { ...ADMIN, twoFactorEnabled: true },
      { [DISABLE]: () => ({ status: 403 }) },
    );
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 2FA' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'Current-Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(await screen.findByText('Failed to disable 2FA')).toBeInTheDocument();
    expect(screen.getByText('Disable Failed')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
