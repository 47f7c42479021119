import { createDb } from '@tunnelscope/service-kit';
import { TestClock, freePort, nextIp } from '@tunnelscope/test-kit';
import { generateApiKey } from '../src/keys/api-key-format.js';
import { loadConfig } from '../src/config.js';
import type { LookupDatabase } from '../src/db/schema.js';
import { apiCall, startInstance, type Instance } from './helpers.js';

// An app whose application database cannot be reached: whatever answers without it never asked it.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  REDIS_PREFIX: `lookup-deaddb-${process.pid}`,
});
let instance: Instance;
let closeDb: () => Promise<void>;
beforeAll(async () => {
  const db = createDb<LookupDatabase>(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, {
    max: 1,
  });
  closeDb = () => db.destroy();
  instance = await startInstance({ ...config, DATABASE_URL: 'postgres://unused/x' }, db, new TestClock());
});
afterAll(async () => {
  await instance.close();
  await closeDb();
});

const check = (key: string) =>
  apiCall(instance.app, config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip: nextIp() });

describe('key checks without the database', () => {
  it('refuses malformed keys and bad checksums without a database look-up', async () => {
    const good = generateApiKey();
    for (const key of [
      'ts_live_short',
      `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`,
      'sk_live_abc',
    ]) {
      const res = await check(key);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_api_key');
    }
  });

  it('answers a well-formed key it cannot look up with a 503 problem, not a 5xx stack', async () => {
    const res = await check(generateApiKey());
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(res.headers['retry-after']).toBeDefined();
  });
});
