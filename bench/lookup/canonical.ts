/**
 * An answer or an MMDB record as comparable text: nulls left out (the MMDB format has none, a
 * reader's missing key reads as null), object keys sorted. Shared by the benchmarks that check
 * the export agrees with the API.
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== null)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}
