import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { ADMIN } from '../../auth/testing.js';
import { planProfileUpdate, profileFormFor, type ProfileForm } from './profile-update.js';

const form = (changes: Partial<ProfileForm> = {}): ProfileForm => ({ ...profileFormFor(ADMIN), ...changes });

describe('planProfileUpdate', () => {
  it('refuses an unchanged form with No changes detected to save', () => {
    expect(planProfileUpdate(ADMIN, form())).toEqual({
      ok: false,
      errors: {},
      message: ADMIN_MESSAGES.noChanges,
    });
    // Whitespace around an unchanged name and a lone current password change nothing either.
    expect(
      planProfileUpdate(ADMIN, form({ username: ` ${ADMIN.username} `, currentPassword: 'x' })),
    ).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noChanges,
    });
  });

  it('sends only the changed fields', () => {
    expect(
      planProfileUpdate(
        ADMIN,
        form({ email: 'ada.l@tunnelscope.example', currentPassword: 'Old-Passw0rd!' }),
      ),
    ).toEqual({
      ok: true,
      request: { email: 'ada.l@tunnelscope.example', currentPassword: 'Old-Passw0rd!' },
      identityChanged: true,
    });
    expect(planProfileUpdate(ADMIN, form({ username: 'ada_l' }))).toEqual({
      ok: true,
      request: { username: 'ada_l' },
      identityChanged: true,
    });
  });

  it('asks for the current password before an e-mail change (re-authentication)', () => {
    expect(planProfileUpdate(ADMIN, form({ email: 'ada.l@tunnelscope.example' }))).toEqual({
      ok: false,
      errors: { currentPassword: ADMIN_MESSAGES.currentPasswordConfirm },
    });
    // A username change alone needs none.
    expect(planProfileUpdate(ADMIN, form({ username: 'ada_l' }))).toMatchObject({ ok: true });
  });

  it('sends a password change with the current password, and no identity change', () => {
    expect(
      planProfileUpdate(
        ADMIN,
        form({
          currentPassword: 'Old-Passw0rd!',
          newPassword: 'New-Passw0rd!',
          confirmPassword: 'New-Passw0rd!',
        }),
      ),
    ).toEqual({
      ok: true,
      request: { currentPassword: 'Old-Passw0rd!', newPassword: 'New-Passw0rd!' },
      identityChanged: false,
    });
  });

  it('refuses mismatched new passwords', () => {
    expect(
      planProfileUpdate(
        ADMIN,
        form({ currentPassword: 'Old-Passw0rd!', newPassword: 'New-Passw0rd!', confirmPassword: 'nope' }),
      ),
    ).toEqual({ ok: false, errors: { confirmPassword: ADMIN_MESSAGES.passwordsDoNotMatch } });
  });

  it('asks for the current password before changing it', () => {
    expect(
      planProfileUpdate(ADMIN, form({ newPassword: 'New-Passw0rd!', confirmPassword: 'New-Passw0rd!' })),
    ).toEqual({
      ok: false,
      errors: { currentPassword: ADMIN_MESSAGES.currentPasswordRequired },
    });
  });

  it('applies the password policy and the username and e-mail rules of the contracts', () => {
    expect(
      planProfileUpdate(
        ADMIN,
        form({ currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual({ ok: false, errors: { newPassword: ADMIN_MESSAGES.passwordTooShort } });
    expect(planProfileUpdate(ADMIN, form({ username: 'a b' }))).toEqual({
      ok: false,
      errors: { username: ADMIN_MESSAGES.usernameCharacters },
    });
    expect(planProfileUpdate(ADMIN, form({ email: 'not-an-email' }))).toMatchObject({
      ok: false,
      errors: { email: 'Valid email address is required' },
    });
  });
});
