/**
 * One reader per process: a single `XREAD BLOCK` loop on a connection of its own, fanned out to
 * every open stream of this replica. Each replica reads the whole stream, so an event published
 * by any replica of any service reaches every panel, whichever replica holds its connection.
 *
 * A subscriber that resumes (`Last-Event-ID`) first gets what it missed from `XRANGE`, then the
 * live events; ids are compared so nothing arrives twice or out of order at the seam.
 */
import { LIVE_EVENT_NAMES, type LiveEventName } from '@tunnelscope/contracts';
import type { Redis } from 'ioredis';
import { compareStreamIds, isStreamId } from './stream-id.js';

export interface StoredLiveEvent {
  /** The Redis stream id: the SSE event id. */
  id: string;
  event: LiveEventName | 'resync';
  /** JSON text, sent as is. */
  data: string;
}

export type LiveListener = (ev: StoredLiveEvent) => void;

export interface LiveEventHubOptions {
  /** Non-blocking commands (XRANGE, XREVRANGE); the hub never closes it. */
  redis: Redis;
  key: string;
  /** How long one XREAD waits for news (ms); also bounds how long close() waits. */
  blockMs?: number;
  /** At most this many entries per read or per resume. */
  batch?: number;
  log?: { warn(obj: object, msg: string): void };
}

type Entry = [id: string, fields: string[]];

const KNOWN_EVENTS: ReadonlySet<string> = new Set(LIVE_EVENT_NAMES);

function toEvent([id, fields]: Entry): StoredLiveEvent | null {
  let event: string | undefined;
  let data = '{}';
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'event') event = fields[i + 1];
    else if (fields[i] === 'data') data = fields[i + 1]!;
  }
  return event && KNOWN_EVENTS.has(event) ? { id, event: event as LiveEventName, data } : null;
}

interface Subscription {
  listener: LiveListener;
  /** Live events wait here until the resume backlog has been delivered. */
  pending: StoredLiveEvent[] | null;
  lastId: string | null;
}

export class LiveEventHub {
  private readonly subs = new Set<Subscription>();
  private reader: Redis | null = null;
  private loop: Promise<void> | null = null;
  private closed = false;
  /** Where the loop reads from: the id of the last entry it saw. */
  private cursor: string | null = null;
  private readonly blockMs: number;
  private readonly batch: number;

  constructor(private readonly opts: LiveEventHubOptions) {
    this.blockMs = opts.blockMs ?? 5_000;
    this.batch = opts.batch ?? 500;
  }

  /** How many streams this replica is serving. */
  get size(): number {
    return this.subs.size;
  }

  /**
   * Delivers every event after `lastEventId` (when it is a stream id) and every new one from now
   * on, until the returned function is called. A `lastEventId` older than what the stream kept
   * yields one `resync` first.
   */
  async subscribe(listener: LiveListener, lastEventId?: string | null): Promise<() => void> {
    if (this.closed) throw new Error('live event hub is closed');
    const resumeFrom = isStreamId(lastEventId) ? lastEventId : null;
    const sub: Subscription = { listener, pending: resumeFrom ? [] : null, lastId: resumeFrom };
    // Join the loop first, so nothing published while the backlog is read is lost.
    await this.start();
    this.subs.add(sub);
    const unsubscribe = () => {
      this.subs.delete(sub);
    };
    if (!resumeFrom) return unsubscribe;
    try {
      await this.replay(sub, resumeFrom);
    } finally {
      const waiting = sub.pending ?? [];
      sub.pending = null;
      for (const ev of waiting) this.deliver(sub, ev);
    }
    return unsubscribe;
  }

  private async replay(sub: Subscription, from: string): Promise<void> {
    const oldest = (await this.opts.redis.xrange(this.opts.key, '-', '+', 'COUNT', 1)) as Entry[];
    if (oldest[0] && compareStreamIds(oldest[0][0], from) > 0) {
      // Entries after `from` may have been trimmed: the panel cannot know what it missed.
      this.deliver(sub, { id: from, event: 'resync', data: '{}' }, true);
    }
    let start = `(${from}`;
    for (;;) {
      const entries = (await this.opts.redis.xrange(
        this.opts.key,
        start,
        '+',
        'COUNT',
        this.batch,
      )) as Entry[];
      for (const entry of entries) {
        const ev = toEvent(entry);
        if (ev) this.deliver(sub, ev, true);
        else sub.lastId = entry[0];
      }
      if (entries.length < this.batch) return;
      start = `(${entries[entries.length - 1]![0]}`;
    }
  }

  private deliver(sub: Subscription, ev: StoredLiveEvent, fromBacklog = false): void {
    if (!fromBacklog && sub.pending) {
      sub.pending.push(ev);
      return;
    }
    if (ev.event !== 'resync') {
      if (sub.lastId && compareStreamIds(ev.id, sub.lastId) <= 0) return;
      sub.lastId = ev.id;
    }
    try {
      sub.listener(ev);
    } catch (err) {
      this.opts.log?.warn({ err: (err as Error).message }, 'live event listener failed');
    }
  }

  private async start(): Promise<void> {
    if (this.loop) return;
    // The newest id now: the loop starts there ('$' on every call would lose what arrives between calls).
    const newest = (await this.opts.redis.xrevrange(this.opts.key, '+', '-', 'COUNT', 1)) as Entry[];
    if (this.loop) return;
    this.cursor = newest[0]?.[0] ?? '0-0';
    // XREAD BLOCK holds its connection: it gets one of its own.
    this.reader = this.opts.redis.duplicate({ maxRetriesPerRequest: null });
    this.reader.on('error', () => undefined);
    this.loop = this.run(this.reader);
  }

  private async run(reader: Redis): Promise<void> {
    while (!this.closed) {
      try {
        const answer = (await reader.xread(
          'COUNT',
          this.batch,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          this.opts.key,
          this.cursor!,
        )) as [string, Entry[]][] | null;
        if (!answer) continue;
        for (const entry of answer[0]![1]) {
          this.cursor = entry[0];
          const ev = toEvent(entry);
          if (!ev) continue;
          for (const sub of this.subs) this.deliver(sub, ev);
        }
      } catch (err) {
        if (this.closed) return;
        this.opts.log?.warn({ err: (err as Error).message }, 'live event read failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Stops the loop and drops every subscriber. */
  async close(): Promise<void> {
    this.closed = true;
    this.subs.clear();
    // A blocked XREAD only returns after blockMs; disconnecting ends it now.
    this.reader?.disconnect();
    await this.loop?.catch(() => undefined);
  }
}
