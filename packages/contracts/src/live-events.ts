/**
 * Live updates for open admin panels (issue 16 item 5): the Server-Sent Events stream at
 * `GET /events` below the admin prefix. Every event's `id` is its Redis stream id, so a panel that
 * reconnects with `Last-Event-ID` resumes where it left off; its `data` is one of these JSON shapes.
 */
import { z } from 'zod';

/** Below the admin prefix, like the other admin calls (the gateway removes `/admin-<hex>`). */
export const ADMIN_LIVE_EVENTS_PATH = '/events';

/** The three review lists whose rows are announced. */
export const liveListSchema = z.enum(['waitlist', 'vpn-requests', 'contacts']);
export type LiveList = z.infer<typeof liveListSchema>;

export const liveRowEventSchema = z.object({
  list: liveListSchema,
  /** The row's id (a UUID). */
  id: z.string().max(64),
  /** Sign-ups only: false while the visitor has not confirmed the address yet. */
  verified: z.boolean().optional(),
});
export type LiveRowEvent = z.infer<typeof liveRowEventSchema>;

export const emptyLiveEventSchema = z.object({}).loose();

/** Event name → the schema of its data. */
export const LIVE_EVENT_DATA = {
  'row.created': liveRowEventSchema,
  'row.changed': liveRowEventSchema,
  'row.deleted': liveRowEventSchema,
  /** The Overview's counts changed: refetch them. */
  'overview.changed': emptyLiveEventSchema,
  /** A session started or ended: the Sessions tab refetches. */
  'sessions.changed': emptyLiveEventSchema,
  /**
   * Some session ended (logout, disconnect, end-all, deactivation …). Every open stream ends; the
   * panel's EventSource reconnects through the gateway, which checks its session again (read-only).
   */
  'session.ended': emptyLiveEventSchema,
  /** The stream could not resume from `Last-Event-ID` (trimmed away): refetch everything shown. */
  resync: emptyLiveEventSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENT_DATA;
export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENT_DATA) as LiveEventName[];

export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LIVE_EVENT_DATA)[N]>;

/** The heartbeat comment's interval: proxies and load balancers see bytes at least this often. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The `retry:` hint: how long a browser waits before it reconnects a dropped stream. */
export const LIVE_RETRY_MS = 2_000;
