/** Making visitor-supplied JSON safe to store in a jsonb column. */
const MAX_DEPTH = 20;

/**
 * A copy of a JSON value that Postgres's jsonb accepts: NUL removed and lone surrogates replaced
 * (jsonb refuses both), keys included; anything nested deeper than MAX_DEPTH is cut.
 */
export function toStorableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '').toWellFormed();
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => toStorableJson(v, depth + 1));
  if (typeof value === 'object') {
    // No prototype, so a key named __proto__ stays a plain key.
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value))
      out[toStorableJson(k) as string] = toStorableJson(v, depth + 1);
    return out;
  }
  return null;
}
