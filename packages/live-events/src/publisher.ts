/**
 * Publishing: one XADD per event onto the one stream every replica reads, trimmed to about
 * `maxLen` entries (`MAXLEN ~` lets Redis trim whole nodes, which is cheap). Called after the
 * change has committed, so a panel never refetches before the row is there.
 */
import type { LiveEventData, LiveEventName } from '@tunnelscope/contracts';
import type { Redis } from 'ioredis';

/** The stream's key below a deployment's REDIS_PREFIX; every service of one deployment shares it. */
export function liveStreamKey(redisPrefix: string): string {
  return `${redisPrefix}:live-events`;
}

/**
 * How many events the stream keeps: a panel that was away for fewer events than this resumes
 * exactly; one away longer gets `resync`. At ~200 bytes an event this is ~2 MB of Redis.
 */
export const LIVE_STREAM_MAX_LEN = 10_000;

export interface LiveEvent<N extends LiveEventName = LiveEventName> {
  event: N;
  data: LiveEventData<N>;
}

export interface PublishTarget {
  redis: Pick<Redis, 'xadd'>;
  /** `liveStreamKey(REDIS_PREFIX)`. */
  key: string;
  maxLen?: number;
}

/** Appends one event; resolves to its stream id (the SSE id). */
export async function publishLiveEvent<N extends LiveEventName>(
  target: PublishTarget,
  ev: LiveEvent<N>,
): Promise<string> {
  const id = await target.redis.xadd(
    target.key,
    'MAXLEN',
    '~',
    target.maxLen ?? LIVE_STREAM_MAX_LEN,
    '*',
    'event',
    ev.event,
    'data',
    JSON.stringify(ev.data),
  );
  return id as string;
}

export interface LiveEventPublisher {
  /**
   * Publishes without waiting and never throws: a live update is a courtesy to open panels, and
   * the write that caused it has already succeeded. A failure is logged.
   */
  publish<N extends LiveEventName>(event: N, data: LiveEventData<N>): void;
}

export function createLiveEventPublisher(
  target: PublishTarget,
  log: { warn(obj: object, msg: string): void },
): LiveEventPublisher {
  return {
    publish(event, data) {
      publishLiveEvent(target, { event, data }).catch((err: unknown) => {
        log.warn({ err: (err as Error).message, event }, 'live event not published');
      });
    },
  };
}

/** A publisher that drops everything (apps built without live updates, unit tests). */
export const NO_LIVE_EVENTS: LiveEventPublisher = { publish: () => undefined };
