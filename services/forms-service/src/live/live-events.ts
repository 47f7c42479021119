/**
 * forms-service's side of live updates: the publisher its routes call after a write commits, and
 * the one shared reader (hub) its SSE streams subscribe to. Both use the stream every service of
 * the deployment shares (`<REDIS_PREFIX>:live-events`).
 */
import {
  LiveEventHub,
  createLiveEventPublisher,
  liveStreamKey,
  type LiveEventPublisher,
} from '@tunnelscope/live-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

export interface FormsLive {
  publisher: LiveEventPublisher;
  hub: LiveEventHub;
}

export function createFormsLive(deps: { redis: Redis; config: Config; log: FastifyBaseLogger }): FormsLive {
  const key = liveStreamKey(deps.config.REDIS_PREFIX);
  return {
    publisher: createLiveEventPublisher({ redis: deps.redis, key }, deps.log),
    // The hub reads on a duplicate of `redis` (XREAD BLOCK holds its connection), opened on the
    // first stream only.
    hub: new LiveEventHub({ redis: deps.redis, key, log: deps.log }),
  };
}
