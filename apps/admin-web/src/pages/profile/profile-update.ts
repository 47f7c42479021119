/**
 * Turns the General tab's form into an update-profile request: only changed fields are sent; a new
 * password needs its confirmation and the current password, and so does a new e-mail (issue 13's
 * re-authentication: whoever holds an open session must not take the account over by changing its
 * e-mail); nothing changed is refused before any call. Field rules and messages come from the
 * contracts.
 */
import {
  ADMIN_MESSAGES,
  adminEmailField,
  passwordField,
  usernameField,
  type AdminUser,
  type UpdateProfileRequest,
} from '@tunnelscope/contracts';

export interface ProfileForm {
  username: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ProfileField = keyof ProfileForm;

export type ProfileUpdatePlan =
  | {
      ok: true;
      request: UpdateProfileRequest;
      /** A username or e-mail change: the page reloads 1.5 s after success. */
      identityChanged: boolean;
    }
  | { ok: false; errors: Partial<Record<ProfileField, string>>; message?: string };

export function profileFormFor(user: AdminUser): ProfileForm {
  return {
    username: user.username,
    email: user.email,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export function planProfileUpdate(user: AdminUser, form: ProfileForm): ProfileUpdatePlan {
  const errors: Partial<Record<ProfileField, string>> = {};
  const request: UpdateProfileRequest = {};

  const username = form.username.trim();
  if (username !== user.username) {
    const issue = firstIssue(usernameField.safeParse(username));
    if (issue) errors.username = issue;
    else request.username = username;
  }

  const email = form.email.trim();
  if (email !== user.email) {
    const issue = firstIssue(adminEmailField.safeParse(email));
    if (issue) errors.email = issue;
    else if (form.currentPassword === '') errors.currentPassword = ADMIN_MESSAGES.currentPasswordConfirm;
    else {
      request.email = email;
      request.currentPassword = form.currentPassword;
    }
  }

  // A current password typed on its own changes nothing; a new one (or its confirmation) does.
  if (form.newPassword !== '' || form.confirmPassword !== '') {
    if (form.newPassword !== form.confirmPassword) {
      errors.confirmPassword = ADMIN_MESSAGES.passwordsDoNotMatch;
    } else if (form.currentPassword === '') {
      errors.currentPassword = ADMIN_MESSAGES.currentPasswordRequired;
    } else {
      const issue = firstIssue(passwordField.safeParse(form.newPassword));
      if (issue) errors.newPassword = issue;
      else {
        request.currentPassword = form.currentPassword;
        request.newPassword = form.newPassword;
      }
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(request).length === 0) return { ok: false, errors: {}, message: ADMIN_MESSAGES.noChanges };
  return {
    ok: true,
    request,
    identityChanged: request.username !== undefined || request.email !== undefined,
  };
}
