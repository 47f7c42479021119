/**
 * An admin_users row as the API shows it (contracts' AdminUser): never a hash or a secret. The lock
 * state is shown as of `now` (the service's clock): a lock that has run out is no lock, and its
 * count no longer counts (the next failure starts at 1).
 */
import type { AdminUser } from '@tunnelscope/contracts';
import type { AdminUserRow } from '../db/schema.js';

export function toAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const lockExpired = !!row.account_locked_until && row.account_locked_until <= now;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.is_active,
    twoFactorEnabled: row.two_factor_enabled,
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    lockedUntil: row.account_locked_until && !lockExpired ? row.account_locked_until.toISOString() : null,
    failedLoginAttempts: lockExpired ? 0 : row.failed_login_attempts,
    mustChangePassword: row.must_change_password,
  };
}
