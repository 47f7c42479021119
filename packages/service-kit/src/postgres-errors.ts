/**
 * Postgres unique_violation (SQLSTATE 23505). With constraint names, only a violation of one of
 * them counts (a constraint or a unique index, as Postgres reports it); with none, any does.
 */
export function isUniqueViolation(err: unknown, ...constraints: string[]): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  if (e?.code !== '23505') return false;
  return constraints.length === 0 || (typeof e.constraint === 'string' && constraints.includes(e.constraint));
}

/** Postgres undefined_table (SQLSTATE 42P01): the migrations have not run. */
export function isMissingTable(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '42P01';
}
