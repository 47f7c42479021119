/** An admin_users row as the API shows it (contracts' AdminUser): never a hash, a secret or a counter. */
import type { AdminUser } from '@tunnelscope/contracts';
import type { AdminUserRow } from '../db/schema.js';

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.is_active,
    twoFactorEnabled: row.two_factor_enabled,
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}
