/** Against the real Redis: publishing, the shared reader, resuming by id, and the length bound. */
import { TEST_REDIS_URL, deleteKeysWithPrefix, uniqueRedisPrefix } from '@tunnelscope/test-kit';
import { Redis } from 'ioredis';
import { LiveEventHub, liveStreamKey, publishLiveEvent, type StoredLiveEvent } from '../src/index.js';

const prefix = uniqueRedisPrefix('live-events');
const key = liveStreamKey(prefix);
const redis = new Redis(TEST_REDIS_URL);
const hubs: LiveEventHub[] = [];

function newHub(): LiveEventHub {
  const hub = new LiveEventHub({ redis, key, blockMs: 200 });
  hubs.push(hub);
  return hub;
}

/** Collects what a listener receives and resolves once it holds `n` events. */
function collector() {
  const got: StoredLiveEvent[] = [];
  let waiter: { n: number; resolve: () => void } | null = null;
  return {
    got,
    listener: (ev: StoredLiveEvent) => {
      got.push(ev);
      if (waiter && got.length >= waiter.n) waiter.resolve();
    },
    until: (n: number) =>
      got.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiter = { n, resolve })),
  };
}

const created = (id: string) => ({
  event: 'row.created' as const,
  data: { list: 'waitlist' as const, id, verified: false },
});

afterAll(async () => {
  for (const hub of hubs) await hub.close();
  await deleteKeysWithPrefix(redis, prefix);
  redis.disconnect();
});

describe('live events over a Redis stream', () => {
  it('delivers one published event to the subscribers of two hubs (two replicas), with its stream id', async () => {
    const a = collector();
    const b = collector();
    await newHub().subscribe(a.listener);
    await newHub().subscribe(b.listener);
    const id = await publishLiveEvent({ redis, key }, created('row-1'));
    await Promise.all([a.until(1), b.until(1)]);
    for (const got of [a.got, b.got]) {
      expect(got).toEqual([
        { id, event: 'row.created', data: '{"list":"waitlist","id":"row-1","verified":false}' },
      ]);
    }
  });

  it('resumes after a Last-Event-ID with exactly the events that came after it, then the live ones', async () => {
    const first = await publishLiveEvent({ redis, key }, created('r-a'));
    const second = await publishLiveEvent({ redis, key }, created('r-b'));
    const third = await publishLiveEvent({ redis, key }, { event: 'overview.changed', data: {} });
    const c = collector();
    await newHub().subscribe(c.listener, first);
    const fourth = await publishLiveEvent({ redis, key }, { event: 'sessions.changed', data: {} });
    await c.until(3);
    expect(c.got.map((e) => e.id)).toEqual([second, third, fourth]);
    expect(c.got.map((e) => e.event)).toEqual(['row.created', 'overview.changed', 'sessions.changed']);
  });

  it('ignores a Last-Event-ID that is not a stream id (starts from now)', async () => {
    await publishLiveEvent({ redis, key }, created('before'));
    const c = collector();
    await newHub().subscribe(c.listener, 'not-an-id');
    const id = await publishLiveEvent({ redis, key }, created('after'));
    await c.until(1);
    expect(c.got.map((e) => e.id)).toEqual([id]);
  });

  it('keeps the stream near its MAXLEN bound, and a panel resuming from a trimmed id gets resync', async () => {
    const boundKey = `${key}:bounded`;
    const firstId = await publishLiveEvent({ redis, key: boundKey, maxLen: 10 }, created('0'));
    for (let i = 1; i < 300; i++) {
      await publishLiveEvent({ redis, key: boundKey, maxLen: 10 }, created(String(i)));
    }
    const length = await redis.xlen(boundKey);
    // `~` trims whole radix-tree nodes (100 entries by default), never below the bound.
    expect(length).toBeGreaterThanOrEqual(10);
    expect(length).toBeLessThan(300);

    const hub = new LiveEventHub({ redis, key: boundKey, blockMs: 200 });
    hubs.push(hub);
    const c = collector();
    await hub.subscribe(c.listener, firstId);
    await c.until(1 + length);
    expect(c.got[0]!.event).toBe('resync');
    expect(c.got.slice(1).map((e) => JSON.parse(e.data).id)).toEqual(
      Array.from({ length }, (_, i) => String(300 - length + i)),
    );
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const c = collector();
    const d = collector();
    const hub = newHub();
    const unsubscribe = await hub.subscribe(c.listener);
    await hub.subscribe(d.listener);
    unsubscribe();
    await publishLiveEvent({ redis, key }, created('late'));
    await d.until(1);
    expect(c.got).toHaveLength(0);
    expect(hub.size).toBe(1);
  });
});
