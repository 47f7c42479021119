import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { waitFor } from '@tunnelscope/test-kit';
import { call, startStack, type Stack } from '../src/stack.js';

/**
 * The detection API through the real gateway and lookup-service: a key made by the operators'
 * command (`pnpm api-key:create`, started from the package's declared `./cli/api-key` entry),
 * then calls with it, as a customer's server would make them.
 */
const apiKeyCli = createRequire(import.meta.url).resolve('@tunnelscope/lookup-service/cli/api-key');

function runCli(stack: Stack, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [apiKeyCli, ...args], { env: stack.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('the detection API through the gateway', () => {
  let stack: Stack;
  let key: string;

  beforeAll(async () => {
    stack = await startStack({
      label: 'detection',
      services: ['lookup-service', 'gateway'],
      // A data-version change is noticed within a second here (30 s by default).
      env: { LOOKUP_INDEX_POLL_SECONDS: '1' },
    });
    const created = await runCli(stack, ['create', '--email', 'buyer@acme.example', '--name', 'Stack test']);
    expect(created).toMatchObject({ code: 0 });
    key = created.stdout.trim();
    // The index loads in a worker after the service listens; /readyz turns 200 when it has.
    await waitFor(async () => (await fetch(`${stack.lookupUrl}/readyz`)).ok, { timeoutMs: 90_000 });
  }, 150_000);
  afterAll(async () => stack?.close());

  it('prints the key once, in the documented shape, and nothing else on standard output', () => {
    expect(key).toMatch(/^ts_live_[A-Za-z0-9]{38}$/);
  });

  it('answers a keyed check with the data version and the rate-limit headers', async () => {
    const res = await call(stack, 'GET', '/api/v1/vpn/check?ip=8.8.8.8', undefined, { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ip: '8.8.8.8', bogon: false, is_vpn: false });
    expect(res.headers.get('x-data-version')).toMatch(/^\d+; date=\d{4}-\d{2}-\d{2}$/);
    expect(res.headers.get('ratelimit-policy')).toBe('"burst";q=50;w=1, "daily";q=10000;w=86400');
    expect(res.headers.get('ratelimit')).toMatch(/"daily";r=\d+;t=\d+/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers special-purpose addresses as bogons in a batch, with per-item errors', async () => {
    const res = await call(
      stack,
      'POST',
      '/api/v1/vpn/check',
      { ips: ['10.1.2.3', 'nope', '::1'] },
      {
        'x-api-key': key,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ ip: '10.1.2.3', bogon: true, is_vpn: false });
    expect(res.body.results[1]).toMatchObject({ ip: 'nope', error: { code: 'invalid_ip' } });
    expect(res.body.results[2]).toMatchObject({ ip: '::1', bogon: true });
  });

  it('refuses a call without a key with a problem document, and serves the OpenAPI document without one', async () => {
    const refused = await call(stack, 'GET', '/api/v1/vpn/check?ip=8.8.8.8');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'missing_api_key', status: 401 });
    const doc = await call(stack, 'GET', '/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
  });

  it('answers a VPN address added to the IP database with its vendor once the data version moves', async () => {
    const ipdb = new pg.Client({ connectionString: stack.env.IPDB_URL });
    await ipdb.connect();
    try {
      const before = await call(stack, 'GET', '/api/v1/vpn/check?ip=185.220.1.77', undefined, {
        'x-api-key': key,
      });
      expect(before.body).toMatchObject({ is_vpn: false, vendor: null });
      await ipdb.query(`with v as (insert into vendors (name, origin_country) values ('Stack Test VPN Co', 'PA') returning id),
          n as (insert into vpns (vendor_id, name) select id, 'StackVPN' from v returning id)
        insert into ips (address, vpn_id, is_vpn, first_seen, last_seen, last_checked)
          select '185.220.1.77', id, true, current_date - 10, current_date - 1, now() from n`);
      await ipdb.query('update data_version set version = version + 1, changed_at = now()');
      // The index is rebuilt in a worker and swapped; the old snapshot answers until then.
      const after = await waitFor(
        async () => {
          const res = await call(stack, 'GET', '/api/v1/vpn/check?ip=185.220.1.77', undefined, {
            'x-api-key': key,
          });
          expect(res.status).toBe(200);
          return res.body.vendor === 'Stack Test VPN Co' ? res : null;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(after!.body).toMatchObject({
        ip: '185.220.1.77',
        is_vpn: true,
        vpn: 'StackVPN',
        is_anonymous: true,
      });
      expect(after!.headers.get('x-data-version')).not.toBe(before.headers.get('x-data-version'));
    } finally {
      await ipdb.end();
    }
  }, 90_000);

  it('refuses the key after `pnpm api-key:revoke`', async () => {
    const listed = await runCli(stack, ['list']);
    expect(listed.code).toBe(0);
    const id = listed.stdout.split('\n')[1]!.split('\t')[0]!;
    expect((await runCli(stack, ['revoke', '--id', id])).code).toBe(0);
    // The command publishes the revocation; the running service drops the key within a second.
    const check = () => call(stack, 'GET', '/api/v1/vpn/check?ip=8.8.8.8', undefined, { 'x-api-key': key });
    const refused = await waitFor(
      async () => {
        const res = await check();
        return res.status === 401 ? res : null;
      },
      { timeoutMs: 1000 },
    );
    expect(refused!.body.code).toBe('revoked_api_key');
  });
});
