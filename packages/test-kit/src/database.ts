import { randomBytes } from 'node:crypto';
import { DEFAULT_DATABASE_URL, dropDatabase, ensureDatabase } from '@tunnelscope/service-kit';

/** A base URL for test databases: the server of TEST_DATABASE_URL, DATABASE_URL or the default. */
function baseUrl(): URL {
  return new URL(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own for one test suite; `drop()` removes it. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const url = baseUrl();
  const safe = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30);
  url.pathname = `/ts_test_${safe}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url.toString());
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/** A Redis key prefix no other suite uses, so parallel suites never share queues or counters. */
export function uniqueRedisPrefix(label: string): string {
  return `test:${label.replace(/[^a-zA-Z0-9_-]+/g, '-')}:${randomBytes(4).toString('hex')}`;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
