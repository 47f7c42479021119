import { once } from 'node:events';
import { API_KEY_PATTERN } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import { EXIT, runApiKeyCommand } from '../src/cli/api-key-command.js';
import { hashApiKey } from '../src/keys/api-key-format.js';
import { apiCall, auditRows, createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('cli');
});
afterAll(async () => ctx.close());

async function run(command: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runApiKeyCommand(command, argv, {
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.DATABASE_URL,
      REDIS_URL: ctx.config.REDIS_URL,
      REDIS_PREFIX: ctx.config.REDIS_PREFIX,
    },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

describe('pnpm api-key:*', () => {
  it('create prints the key once, alone on standard output, stores its hash and audits the command line', async () => {
    const res = await run(
      'create',
      '--email',
      'cli@acme.example',
      '--name',
      'From the CLI',
      '--daily-quota',
      '250',
      '--burst',
      '5',
      '--export',
    );
    expect(res.code).toBe(EXIT.ok);
    expect(res.out).toHaveLength(1);
    const key = res.out[0]!;
    expect(key).toMatch(API_KEY_PATTERN);
    expect(res.err.join('\n')).not.toContain(key);
    const row = await ctx.db
      .selectFrom('api_keys')
      .select(['id', 'daily_quota', 'burst_per_second', 'allow_export', 'key_hash'])
      .where('key_hash', '=', hashApiKey(key))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ daily_quota: 250, burst_per_second: 5, allow_export: true });
    expect(
      (await apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key })).statusCode,
    ).toBe(200);
    const audit = await auditRows(ctx, null);
    expect(audit).toContainEqual(expect.objectContaining({ action: 'api_key_created', resource_id: row.id }));
  });

  it('list shows keys without their secrets; rotate prints a new key; revoke reaches the running service', async () => {
    const created = await run('create', '--email', 'rot@acme.example', '--name', 'Rotated by CLI');
    const key = created.out[0]!;
    const list = await run('list', '--search', 'Rotated by CLI');
    expect(list.code).toBe(EXIT.ok);
    expect(list.out).toHaveLength(2);
    expect(list.out.join('\n')).not.toContain(key.slice(12));
    const id = list.out[1]!.split('\t')[0]!;

    const rotated = await run('rotate', '--id', id, '--grace-hours', '1');
    expect(rotated.code).toBe(EXIT.ok);
    expect(rotated.out[0]).toMatch(API_KEY_PATTERN);
    expect(rotated.out[0]).not.toBe(key);

    expect(
      (await apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key: rotated.out[0]! }))
        .statusCode,
    ).toBe(200);
    const dropped = once(ctx.app.lookup.keyCache, 'invalidated');
    expect((await run('revoke', '--id', id)).code).toBe(EXIT.ok);
    expect(await dropped).toEqual([id]);
    const res = await apiCall(ctx.app, ctx.config, {
      url: '/api/v1/vpn/check?ip=8.8.8.8',
      key: rotated.out[0]!,
    });
    expect(res.json().code).toBe('revoked_api_key');
    expect((await run('revoke', '--id', id)).code).toBe(EXIT.notFound);
    const rows = await sql<{ n: number }>`select count(*)::int as n from api_keys where id = ${id}`.execute(
      ctx.db,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses bad arguments with the usage and exit code 2, before touching the database', async () => {
    expect((await run('create', '--email', 'not-an-email', '--name', 'x')).code).toBe(EXIT.usage);
    expect((await run('create', '--name', 'x')).code).toBe(EXIT.usage);
    expect((await run('create', '--email', 'a@b.example', '--name', 'x', '--daily-quota', 'lots')).code).toBe(
      EXIT.usage,
    );
    expect((await run('rotate', '--id', 'nope')).code).toBe(EXIT.usage);
    expect(
      (await run('rotate', '--id', '00000000-0000-4000-8000-000000000000', '--grace-hours', '999')).code,
    ).toBe(EXIT.usage);
    expect((await run('explode')).code).toBe(EXIT.usage);
    expect((await run('revoke', '--id', '00000000-0000-4000-8000-000000000000')).code).toBe(EXIT.notFound);
  });
});
