/**
 * Redis stream ids (`<ms>-<seq>`), which are also the SSE event ids. `Last-Event-ID` comes from
 * the browser, so it is checked before it reaches Redis.
 */
const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

/** The id as `[ms, seq]`, or null when `raw` is not a stream id. */
export function parseStreamId(raw: string | undefined | null): [bigint, bigint] | null {
  if (!raw) return null;
  const m = STREAM_ID.exec(raw.trim());
  if (!m) return null;
  return [BigInt(m[1]!), BigInt(m[2]!)];
}

export function isStreamId(raw: string | undefined | null): raw is string {
  return parseStreamId(raw) !== null;
}

/** Negative, zero or positive as `a` is older than, the same as, or newer than `b`. */
export function compareStreamIds(a: string, b: string): number {
  const x = parseStreamId(a);
  const y = parseStreamId(b);
  if (!x || !y) throw new Error(`not a stream id: ${x ? b : a}`);
  if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
  if (x[1] !== y[1]) return x[1] < y[1] ? -1 : 1;
  return 0;
}
