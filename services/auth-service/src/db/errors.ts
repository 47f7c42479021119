/** Postgres unique_violation, optionally on one of the named constraints or indexes. */
export function isUniqueViolation(err: unknown, ...constraints: string[]): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  if (e?.code !== '23505') return false;
  return constraints.length === 0 || constraints.includes(e.constraint ?? '');
}

/** The unique indexes on admin_users (the plain ones and the case-insensitive ones). */
export const USERNAME_CONSTRAINTS = ['admin_users_username_key', 'admin_users_username_lower_key'];
export const EMAIL_CONSTRAINTS = ['admin_users_email_key', 'admin_users_email_lower_key'];

/** Postgres undefined_table: the migrations have not run. */
export function isMissingTable(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '42P01';
}
