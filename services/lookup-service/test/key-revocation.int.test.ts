import { once } from 'node:events';
import {
  apiCall,
  CLI_SUBJECT,
  createKey,
  createTestContext,
  type Instance,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let replica: Instance;
beforeAll(async () => {
  ctx = await createTestContext('revocation');
  replica = await ctx.replica();
});
afterAll(async () => ctx.close());

const check = (instance: Instance, key: string) =>
  apiCall(instance.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key });

describe('key revocation across replicas', () => {
  it('a key created on one replica works at once on another', async () => {
    const { key } = await createKey(ctx);
    expect((await check(replica, key)).statusCode).toBe(200);
  });

  it('the second replica refuses a key once the revocation message has arrived', async () => {
    const { key, id } = await createKey(ctx);
    // Both replicas hold the key in their caches.
    expect((await check(ctx, key)).statusCode).toBe(200);
    expect((await check(replica, key)).statusCode).toBe(200);
    expect(replica.app.lookup.keyCache.size).toBeGreaterThan(0);

    const arrived = once(replica.app.lookup.keyCache, 'invalidated');
    await ctx.app.lookup.apiKeys.revoke(CLI_SUBJECT, id);
    expect(await arrived).toEqual([id]);

    const refused = await check(replica, key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('revoked_api_key');
  });

  it('the second replica serves the rotated key and keeps the old one for its grace', async () => {
    const { key, id } = await createKey(ctx);
    expect((await check(replica, key)).statusCode).toBe(200);
    const arrived = once(replica.app.lookup.keyCache, 'invalidated');
    const rotated = await ctx.app.lookup.apiKeys.rotate(CLI_SUBJECT, id, 0);
    await arrived;
    expect((await check(replica, rotated.key)).statusCode).toBe(200);
    // Grace 0: the old secret ended with the rotation.
    const old = await check(replica, key);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('revoked_api_key');
  });

  it('without the message, a cached key would still be served: the cache is what the message clears', async () => {
    // Guards the test above: revoking in the database alone leaves the replica's cached entry.
    const { key, id } = await createKey(ctx);
    expect((await check(replica, key)).statusCode).toBe(200);
    await ctx.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    expect((await check(replica, key)).statusCode).toBe(200);
    ctx.clock.advance(ctx.config.LOOKUP_KEY_CACHE_SECONDS * 1000 + 1);
    expect((await check(replica, key)).statusCode).toBe(401);
  });
});
