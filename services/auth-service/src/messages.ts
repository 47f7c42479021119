/**
 * Answers of auth-service that the spec does not word (its own wording lives in contracts'
 * ADMIN_MESSAGES and is used as is). Success texts are the ones the panel shows in its toasts.
 */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful',
  loggedOut: 'Logged out successfully',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorSetupMissing: 'Start the two-factor setup first',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  profileUpdated: 'Profile updated successfully',
  adminUserCreated: 'Admin user created successfully',
  adminUserUpdated: 'Admin user updated successfully',
  adminUserDeleted: 'Admin user deleted successfully',
  passwordResetSent: 'Password Reset Sent',
  sessionDisconnected: 'Session disconnected successfully',
  mailUnavailable: 'We could not send the e-mail right now. Please try again in a moment.',
} as const;
