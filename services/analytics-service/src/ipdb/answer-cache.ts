import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { withTimeout } from '@tunnelscope/service-kit';

/**
 * Answers shared by every replica through Redis. A cache that is down or slow is skipped, never
 * an error: the caller computes instead.
 */
export interface AnswerCache {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown, seconds: number): void;
  /** The stored text as is (an answer kept already serialized). */
  getText(key: string): Promise<string | null>;
  setText(key: string, text: string, seconds: number): void;
  delete(key: string): Promise<void>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return withTimeout(promise, ms, `cache did not answer within ${ms} ms`);
}

export function createAnswerCache(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
  timeoutMs = 250,
): AnswerCache {
  async function getText(key: string): Promise<string | null> {
    try {
      return await within(redis.get(`${prefix}:${key}`), timeoutMs);
    } catch (err) {
      log.warn({ err: (err as Error).message, key }, 'answer cache unavailable');
      return null;
    }
  }
  function setText(key: string, text: string, seconds: number): void {
    redis.set(`${prefix}:${key}`, text, 'EX', seconds).catch((err: Error) => {
      log.warn({ err: err.message, key }, 'answer cache write failed');
    });
  }
  return {
    getText,
    setText,
    async get<T>(key: string) {
      const raw = await getText(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    set: (key, value, seconds) => setText(key, JSON.stringify(value), seconds),
    async delete(key) {
      try {
        await within(redis.del(`${prefix}:${key}`), timeoutMs);
      } catch (err) {
        log.warn({ err: (err as Error).message, key }, 'answer cache delete failed');
      }
    },
  };
}
