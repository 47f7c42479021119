/** The two commands `deleteKeysWithPrefix` needs, so test-kit does not depend on a Redis client. */
export interface ScanningRedis {
  scan(
    cursor: string,
    match: 'MATCH',
    pattern: string,
    count: 'COUNT',
    n: number,
  ): Promise<[string, string[]]>;
  del(...keys: string[]): Promise<number>;
}

/** Removes every key a suite wrote under its own prefix (`uniqueRedisPrefix`). */
export async function deleteKeysWithPrefix(redis: ScanningRedis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
