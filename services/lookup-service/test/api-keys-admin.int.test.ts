import {
  API_KEY_PATTERN,
  apiKeyListResponseSchema,
  apiKeyUsageResponseSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@tunnelscope/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  adminCall,
  apiCall,
  auditRows,
  createOperator,
  createTestContext,
  type Operator,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let admin: Operator;
let viewer: Operator;
beforeAll(async () => {
  ctx = await createTestContext('admin_keys');
  admin = await createOperator(ctx, 'admin');
  viewer = await createOperator(ctx, 'view_only');
});
afterAll(async () => ctx.close());

const create = (body: Record<string, unknown>, operator: Operator | undefined = admin) =>
  adminCall(ctx, operator, 'POST', '/api-keys', body);

describe('POST /api-keys', () => {
  it('creates a key with the defaults, shows it once, and stores only its SHA-256', async () => {
    const res = await create({ name: 'Acme prod', ownerEmail: 'ops@acme.example' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, apiKey } = createApiKeyResponseSchema.parse(res.json());
    expect(key).toMatch(API_KEY_PATTERN);
    expect(apiKey).toMatchObject({
      name: 'Acme prod',
      ownerEmail: 'ops@acme.example',
      prefix: key.slice(0, 12),
      dailyQuota: 10_000,
      burstPerSecond: 50,
      allowExport: false,
      allowedNetworks: [],
      revokedAt: null,
      graceUntil: null,
    });

    const row = await sql<Record<string, unknown>>`select * from api_keys where id = ${apiKey.id}`.execute(
      ctx.db,
    );
    const stored = row.rows[0]!;
    expect((stored.key_hash as Buffer).equals(createHash('sha256').update(key).digest())).toBe(true);
    // The secret appears in no column, in any encoding.
    const everything = JSON.stringify(stored, (_k, v: unknown) =>
      Buffer.isBuffer(v) ? v.toString('hex') : v,
    );
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(12));

    // Never again: neither the list nor the usage call carries it.
    const list = await adminCall(ctx, admin, 'GET', '/api-keys');
    expect(list.body).not.toContain(key.slice(12));
    const usage = await adminCall(ctx, admin, 'GET', `/api-keys/${apiKey.id}/usage`);
    expect(usage.body).not.toContain(key.slice(12));

    // And it works at once.
    expect(
      (await apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key })).statusCode,
    ).toBe(200);

    const audit = await auditRows(ctx, admin.identity.adminId);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'api_key_created',
        resource: 'api_key',
        resource_id: apiKey.id,
        success: true,
      }),
    );
    expect(JSON.stringify(audit)).not.toContain(key.slice(12));
  });

  it('takes quota, burst, export permission and an allowlist of networks', async () => {
    const res = await create({
      name: 'Fenced',
      ownerEmail: 'sec@acme.example',
      dailyQuota: 5,
      burstPerSecond: 2,
      allowExport: true,
      allowedNetworks: ['203.0.113.0/24', '2001:DB8::/32'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().apiKey).toMatchObject({
      dailyQuota: 5,
      burstPerSecond: 2,
      allowExport: true,
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
    });
  });

  it('refuses a network that is not a CIDR, and a bad e-mail, with the house error shape', async () => {
    const bad = await create({ name: 'X', ownerEmail: 'x@acme.example', allowedNetworks: ['10.0.0.1/8'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'BAD_REQUEST' });
    const email = await create({ name: 'X', ownerEmail: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ success: false, message: 'Please enter a valid email address' });
  });

  it('refuses a view_only operator before looking at the body, and audits the refusal', async () => {
    const res = await create({ nonsense: true }, viewer);
    expect(res.statusCode).toBe(403);
    const audit = await auditRows(ctx, viewer.identity.adminId);
    expect(audit.at(-1)).toMatchObject({
      action: 'permission_denied',
      success: false,
      details: expect.objectContaining({ operation: 'create' }),
    });
  });

  it('refuses a call without a signed session with 401', async () => {
    expect(
      (await adminCall(ctx, undefined, 'POST', '/api-keys', { name: 'X', ownerEmail: 'x@acme.example' }))
        .statusCode,
    ).toBe(401);
    expect((await adminCall(ctx, undefined, 'GET', '/api-keys')).statusCode).toBe(401);
  });
});

describe('GET /api-keys', () => {
  it('pages, searches name and owner e-mail, filters by status and sorts, for view_only too', async () => {
    for (const name of ['Search alpha', 'Search beta', 'Search gamma']) {
      expect((await create({ name, ownerEmail: `${name.split(' ')[1]}@search.example` })).statusCode).toBe(
        201,
      );
    }
    const page = await adminCall(
      ctx,
      viewer,
      'GET',
      '/api-keys?search=search&sort=name&order=asc&limit=2&page=1',
    );
    expect(page.statusCode).toBe(200);
    const body = apiKeyListResponseSchema.parse(page.json());
    expect(body.data.entries.map((e) => e.name)).toEqual(['Search alpha', 'Search beta']);
    expect(body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });

    const byEmail = await adminCall(ctx, viewer, 'GET', '/api-keys?search=gamma@search');
    expect(byEmail.json().data.entries.map((e: { name: string }) => e.name)).toEqual(['Search gamma']);

    const bad = await adminCall(ctx, viewer, 'GET', '/api-keys?sort=key_hash');
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api-keys/:id/rotate and DELETE /api-keys/:id', () => {
  it('rotates: the new key works at once, the old one until the grace time, then never', async () => {
    const created = createApiKeyResponseSchema.parse(
      (await create({ name: 'Rotating', ownerEmail: 'r@acme.example' })).json(),
    );
    const old = created.key;
    const rotated = await adminCall(ctx, admin, 'POST', `/api-keys/${created.apiKey.id}/rotate`, {
      graceHours: 2,
    });
    expect(rotated.statusCode).toBe(200);
    const { key: fresh, apiKey } = createApiKeyResponseSchema.parse(rotated.json());
    expect(fresh).not.toBe(old);
    expect(new Date(apiKey.graceUntil!).getTime()).toBe(ctx.clock.now().getTime() + 2 * 3_600_000);

    const check = (key: string) => apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key });
    expect((await check(fresh)).statusCode).toBe(200);
    expect((await check(old)).statusCode).toBe(200);
    ctx.clock.advance(2 * 3_600_000 + 1000);
    const expired = await check(old);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('revoked_api_key');
    expect((await check(fresh)).statusCode).toBe(200);

    const audit = await auditRows(ctx, admin.identity.adminId);
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'api_key_rotated', resource_id: created.apiKey.id }),
    );
  });

  it('refuses a grace longer than 7 days', async () => {
    const created = (await create({ name: 'Long grace', ownerEmail: 'g@acme.example' })).json();
    const res = await adminCall(ctx, admin, 'POST', `/api-keys/${created.apiKey.id}/rotate`, {
      graceHours: 24 * 7 + 1,
    });
    expect(res.statusCode).toBe(400);
  });

  it('revokes: the row stays, the key answers revoked_api_key, and a second revoke or a rotate is a conflict', async () => {
    const created = createApiKeyResponseSchema.parse(
      (await create({ name: 'Doomed', ownerEmail: 'd@acme.example' })).json(),
    );
    const check = () =>
      apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key: created.key });
    expect((await check()).statusCode).toBe(200);
    const res = await adminCall(ctx, admin, 'DELETE', `/api-keys/${created.apiKey.id}`);
    expect(res.statusCode).toBe(200);
    expect(revokeApiKeyResponseSchema.parse(res.json()).apiKey.revokedAt).not.toBeNull();
    const refused = await check();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('revoked_api_key');
    const rows = await sql`select id from api_keys where id = ${created.apiKey.id}`.execute(ctx.db);
    expect(rows.rows).toHaveLength(1);
    expect((await adminCall(ctx, admin, 'DELETE', `/api-keys/${created.apiKey.id}`)).statusCode).toBe(409);
    expect(
      (await adminCall(ctx, admin, 'POST', `/api-keys/${created.apiKey.id}/rotate`, { graceHours: 1 }))
        .statusCode,
    ).toBe(409);
    const audit = await auditRows(ctx, admin.identity.adminId);
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'api_key_revoked', resource_id: created.apiKey.id }),
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await adminCall(ctx, admin, 'DELETE', `/api-keys/${randomUUID()}`)).statusCode).toBe(404);
    expect((await adminCall(ctx, admin, 'DELETE', '/api-keys/not-a-uuid')).statusCode).toBe(404);
    expect((await adminCall(ctx, viewer, 'GET', `/api-keys/${randomUUID()}/usage`)).statusCode).toBe(404);
  });

  it('refuses view_only rotations and revocations and audits each with the id it named', async () => {
    const created = (await create({ name: 'Guarded', ownerEmail: 'gd@acme.example' })).json();
    const id = created.apiKey.id as string;
    expect(
      (await adminCall(ctx, viewer, 'POST', `/api-keys/${id}/rotate`, { graceHours: 1 })).statusCode,
    ).toBe(403);
    expect((await adminCall(ctx, viewer, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(403);
    const audit = await auditRows(ctx, viewer.identity.adminId);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'permission_denied',
          resource_id: id,
          details: expect.objectContaining({ operation: 'rotate' }),
        }),
        expect.objectContaining({
          action: 'permission_denied',
          resource_id: id,
          details: expect.objectContaining({ operation: 'revoke' }),
        }),
      ]),
    );
    // Nothing changed.
    const row = await sql<{ revoked_at: Date | null; previous_key_hash: Buffer | null }>`
      select revoked_at, previous_key_hash from api_keys where id = ${id}`.execute(ctx.db);
    expect(row.rows[0]).toEqual({ revoked_at: null, previous_key_hash: null });
  });
});

describe('GET /api-keys/:id/usage', () => {
  it('answers 30 days, oldest first, zero-filled, with the lookups of today', async () => {
    const created = createApiKeyResponseSchema.parse(
      (await create({ name: 'Counted', ownerEmail: 'c@acme.example', dailyQuota: 99 })).json(),
    );
    await apiCall(ctx.app, ctx.config, {
      method: 'POST',
      url: '/api/v1/vpn/check',
      key: created.key,
      payload: { ips: ['8.8.8.8', '1.1.1.1', '9.9.9.9'] },
    });
    const res = await adminCall(ctx, viewer, 'GET', `/api-keys/${created.apiKey.id}/usage`);
    expect(res.statusCode).toBe(200);
    const { data } = apiKeyUsageResponseSchema.parse(res.json());
    expect(data.dailyQuota).toBe(99);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({ date: ctx.clock.now().toISOString().slice(0, 10), count: 3 });
    expect(data.days.slice(0, -1).every((d) => d.count === 0)).toBe(true);
  });
});
