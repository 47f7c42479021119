/**
 * A case-insensitive substring search (`ilike`) pattern. `%` and `_` (and the escape itself)
 * typed by an operator are literal characters, not wildcards; NUL, which Postgres refuses in a
 * parameter and no stored value holds, is dropped.
 */
export function likePattern(search: string): string {
  return `%${search.replaceAll('\u0000', '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
