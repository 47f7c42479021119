/** Issue 16: backup codes left, and regenerating them with the current authenticator code. */
import { screen, within } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { ADMIN, setupUser } from '../../auth/testing.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { BackupCodesSection, remainingLabel } from './BackupCodesSection.js';

const STATUS = '/auth/backup-codes';
const REGENERATE = '/auth/backup-codes/regenerate';
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
  '123456',
];

describe('backup codes on the Security tab', () => {
  it('names how many are left', () => {
    expect(remainingLabel(0)).toBe('No backup codes left');
    expect(remainingLabel(1)).toBe('1 backup code left');
    expect(remainingLabel(7)).toBe('7 backup codes left');
  });

  it('regenerates with the current code: a wrong one is refused, the new codes show once', async () => {
    let remaining = 3;
    const server = signedInServer({ ...ADMIN, twoFactorEnabled: true }, (call) => {
      if (call.method === 'GET' && call.path === STATUS) {
        return { status: 200, body: { success: true, data: { remaining, twoFactorEnabled: true } } };
      }
      if (call.method === 'POST' && call.path === REGENERATE) {
        if ((call.body as { totpCode: string }).totpCode !== '246810') {
          return {
            status: 400,
            body: { success: false, error: 'BAD_REQUEST', message: ADMIN_MESSAGES.invalidCode },
          };
        }
        remaining = 10;
        return { status: 200, body: { success: true, data: { backupCodes: CODES } } };
      }
      return undefined;
    });
    const user = setupUser();
    renderSignedIn(<BackupCodesSection />);
    expect(await screen.findByText('3 backup codes left')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regenerate backup codes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Regenerate backup codes' }));
    await user.click(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('135791');
    await user.click(dialog.getByRole('button', { name: 'Generate new codes' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.invalidCode)).toBeInTheDocument();
    expect(dialog.queryAllByTestId('backup-code')).toHaveLength(0);

    await user.click(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('246810');
    await user.click(dialog.getByRole('button', { name: 'Generate new codes' }));
    expect(await dialog.findAllByTestId('backup-code')).toHaveLength(10);
    expect(server.callsTo('POST', REGENERATE).map((c) => c.body)).toEqual([
      { totpCode: '135791' },
      { totpCode: '246810' },
    ]);
    expect(await screen.findByText('10 backup codes left')).toBeInTheDocument();
    // Closing forgets them: shown once.
    await user.click(dialog.getByRole('button', { name: 'I have saved my backup codes' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate backup codes' }));
    const again = within(await screen.findByRole('dialog', { name: 'Regenerate backup codes' }));
    expect(again.queryAllByTestId('backup-code')).toHaveLength(0);
  });
});
