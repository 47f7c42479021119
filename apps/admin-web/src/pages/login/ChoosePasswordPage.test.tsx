/**
 * Issue 16: an operator whose password an admin set (reset, Add Admin User) signs in as usual and
 * then sees only "Choose a new password" until the server has taken one; then the dashboard.
 */
import { render, screen } from '@testing-library/react';
import { ADMIN_MESSAGES, SAFETY_MESSAGES } from '@tunnelscope/contracts';
import { App } from '../../App.js';
import { ADMIN, fakeServer, meAnswer, ok, refused, setupUser } from '../../auth/testing.js';
import { testQueryClient } from '../../test/render.js';
import { validateChoice } from './ChoosePasswordPage.js';

const CHANGE = 'POST /auth/change-password';
const NEW = 'Brand-New-Pass9!';

describe('Choose a new password', () => {
  it('checks the policy, the confirmation and that the new one differs, before any call', () => {
    expect(validateChoice({ currentPassword: '', newPassword: 'short', confirmPassword: 'x' })).toEqual({
      currentPassword: ADMIN_MESSAGES.currentPasswordRequired,
      newPassword: ADMIN_MESSAGES.passwordTooShort,
      confirmPassword: ADMIN_MESSAGES.passwordsDoNotMatch,
    });
    expect(validateChoice({ currentPassword: NEW, newPassword: NEW, confirmPassword: NEW })).toEqual({
      newPassword: SAFETY_MESSAGES.samePassword,
    });
    expect(
      validateChoice({ currentPassword: 'Old-Pass-123!', newPassword: NEW, confirmPassword: NEW }),
    ).toEqual({});
  });

  it('is all a forced operator sees; a refused current password stays there; the right one opens the panel', async () => {
    const forced = { ...ADMIN, mustChangePassword: true };
    let attempts = 0;
    const server = fakeServer({
      'GET /auth/me': () => meAnswer(forced),
      [CHANGE]: () =>
        ++attempts === 1
          ? refused(403, 'invalid_current_password', ADMIN_MESSAGES.currentPasswordWrong)
          : ok({
              success: true,
              message: SAFETY_MESSAGES.passwordChanged,
              data: { user: { ...ADMIN, mustChangePassword: false } },
            }),
      'GET /dashboard/overview': () =>
        ok({
          success: true,
          data: {
            stats: {
              waitlist: { total: 0, verified: 0 },
              vpnRequests: { total: 0, verified: 0 },
              contacts: { total: 0, verified: 0 },
            },
          },
        }),
    });
    window.history.replaceState(null, '', '/');
    const user = setupUser();
    render(<App client={testQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.queryByText(`Welcome, ${ADMIN.username}`)).toBeNull();

    await user.type(screen.getByLabelText('Current password'), 'Wrong-Pass-123!');
    await user.type(screen.getByLabelText('New password'), NEW);
    await user.type(screen.getByLabelText('Confirm new password'), NEW);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(ADMIN_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Old-Pass-123!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText(`Welcome, ${ADMIN.username}`, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(server.bodiesTo(CHANGE).at(-1)).toEqual({ currentPassword: 'Old-Pass-123!', newPassword: NEW });
  });
});
