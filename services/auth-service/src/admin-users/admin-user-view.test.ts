import type { AdminUserRow } from '../db/schema.js';
import { toAdminUser } from './admin-user-view.js';

const row = (over: Partial<AdminUserRow>): AdminUserRow => ({
  id: '9f0c2a0e-1b2c-4d5e-8f90-123456789abc',
  username: 'ops',
  email: 'ops@example.com',
  password_hash: '$argon2id$secret',
  role: 'admin',
  is_active: true,
  failed_login_attempts: 0,
  account_locked_until: null,
  two_factor_enabled: false,
  two_factor_secret: 'v1.sealed',
  two_factor_pending_secret: null,
  two_factor_last_step: null,
  backup_codes: [],
  last_login: null,
  must_change_password: false,
  created_at: new Date('2026-11-01T00:00:00Z'),
  updated_at: new Date('2026-11-01T00:00:00Z'),
  ...over,
});

describe('toAdminUser: the lock state as of now', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('shows a live lock and its count', () => {
    const until = new Date('2026-11-25T12:10:00Z');
    expect(toAdminUser(row({ failed_login_attempts: 5, account_locked_until: until }), now)).toMatchObject({
      lockedUntil: until.toISOString(),
      failedLoginAttempts: 5,
    });
  });

  it('shows a lock that has run out as none, with no count (the next failure starts at 1)', () => {
    const until = new Date('2026-11-25T11:59:59Z');
    expect(toAdminUser(row({ failed_login_attempts: 5, account_locked_until: until }), now)).toMatchObject({
      lockedUntil: null,
      failedLoginAttempts: 0,
    });
  });

  it('shows failures below the threshold without a lock, and never a hash or secret', () => {
    const user = toAdminUser(row({ failed_login_attempts: 3 }), now);
    expect(user).toMatchObject({ lockedUntil: null, failedLoginAttempts: 3 });
    expect(JSON.stringify(user)).not.toMatch(/argon2|sealed/);
  });
});
