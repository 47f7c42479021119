import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMailEnqueuer, createRedis } from '@tunnelscope/service-kit';
import { TEST_REDIS_URL, waitFor } from '@tunnelscope/test-kit';
import { Queue } from 'bullmq';
import { refreshBlocklist, sourceLabel } from '../src/blocklist/blocklist-service.js';
import { MAIL_UNAVAILABLE_MESSAGE } from '../src/codes/verification-flow.js';
import {
  BLOCKLIST_REFRESH_JOB,
  FOLLOWUP_SWEEP_JOB,
  MAINTENANCE_QUEUE,
  RETENTION_JOB,
  createMaintenance,
} from '../src/maintenance/maintenance.js';
import {
  closedPort,
  createTestContext,
  nextIp,
  post,
  queuedMails,
  validContact,
  validVpnRequest,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('blocklist');
});
afterAll(async () => {
  await ctx?.close();
});

/** A local stand-in for the upstream list: answers whatever `body`/`status` say at the time. */
async function startListServer() {
  const state = { body: '', status: 200, hits: 0 };
  const server: Server = createServer((_req, res) => {
    state.hits++;
    res.writeHead(state.status, { 'content-type': 'text/plain' });
    res.end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/disposable_email_blocklist.conf`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function domainsOf(source: string) {
  const rows = await ctx.db
    .selectFrom('blocked_email_domains')
    .select('domain')
    .where('source', '=', source)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

async function lastRun(source: string) {
  return ctx.db
    .selectFrom('blocklist_update_logs')
    .selectAll()
    .where('source', '=', source)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('refreshBlocklist', () => {
  it('loads the list packaged in disposable-email-domains-js and records the run', async () => {
    const [run] = await refreshBlocklist(ctx.db, [{ kind: 'package' }]);
    expect(run).toMatchObject({ source: 'package', success: true });
    expect(run!.added).toBeGreaterThan(1000);
    const log = await lastRun('package');
    expect(log).toMatchObject({
      success: true,
      domains_added: run!.added,
      domains_removed: 0,
      total_domains: run!.added,
      error_message: null,
    });
    expect(log.url).toMatch(/^npm:disposable-email-domains-js@/);
    expect(await domainsOf('package')).toContain('mailinator.com');

    const [again] = await refreshBlocklist(ctx.db, [{ kind: 'package' }]);
    expect(again).toMatchObject({ success: true, added: 0, removed: 0, total: run!.added });
  });

  it('applies the difference of a changed list served over HTTP and logs each run', async () => {
    const server = await startListServer();
    try {
      const source = { kind: 'url' as const, url: server.url };
      const label = sourceLabel(source);
      server.state.body =
        '# disposable domains\nthrowaway-one.test\nThrowaway-Two.test  # inline comment\n\nthrowaway-three.test\nnot a domain\n';
      const [first] = await refreshBlocklist(ctx.db, [source]);
      expect(first).toMatchObject({ success: true, added: 3, removed: 0, total: 3 });
      expect(await domainsOf(label)).toEqual([
        'throwaway-one.test',
        'throwaway-three.test',
        'throwaway-two.test',
      ]);

      server.state.body = JSON.stringify(['throwaway-two.test', 'throwaway-four.test']);
      const [second] = await refreshBlocklist(ctx.db, [source]);
      expect(second).toMatchObject({ success: true, added: 1, removed: 2, total: 2 });
      expect(await domainsOf(label)).toEqual(['throwaway-four.test', 'throwaway-two.test']);

      const log = await lastRun(label);
      expect(log).toMatchObject({
        url: server.url,
        success: true,
        domains_added: 1,
        domains_removed: 2,
        total_domains: 2,
      });
      expect(log.execution_time).toBeGreaterThanOrEqual(0);
      // The packaged source's rows are not touched by another source's run.
      expect(await domainsOf('package')).toContain('mailinator.com');
    } finally {
      await server.close();
    }
  });

  it('records a failing source as a failure and keeps its domains', async () => {
    const server = await startListServer();
    try {
      const source = { kind: 'url' as const, url: server.url };
      const label = sourceLabel(source);
      server.state.body = 'kept-one.test\nkept-two.test\n';
      await refreshBlocklist(ctx.db, [source]);

      server.state.status = 500;
      server.state.body = 'upstream broke';
      const [failed] = await refreshBlocklist(ctx.db, [source]);
      expect(failed).toMatchObject({ success: false, added: 0, removed: 0, total: 2 });
      expect(await lastRun(label)).toMatchObject({
        success: false,
        error_message: expect.stringContaining('500'),
        total_domains: 2,
      });

      server.state.status = 200;
      server.state.body = '# an empty list is a broken mirror, not good news\n';
      const [empty] = await refreshBlocklist(ctx.db, [source]);
      expect(empty).toMatchObject({ success: false, error: expect.stringContaining('no valid domains') });
      expect(await domainsOf(label)).toEqual(['kept-one.test', 'kept-two.test']);
    } finally {
      await server.close();
    }
  });

  it('records an unreachable source as a failure without stopping the other sources', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/list.conf`;
    const runs = await refreshBlocklist(ctx.db, [{ kind: 'url', url }, { kind: 'package' }]);
    expect(runs.map((r) => r.success)).toEqual([false, true]);
    expect(await lastRun(sourceLabel({ kind: 'url', url }))).toMatchObject({
      success: false,
      url,
      error_message: expect.any(String),
    });
  });
});

describe('disposable e-mail domains', () => {
  beforeAll(async () => {
    await refreshBlocklist(ctx.db, [{ kind: 'package' }]);
  });

  async function formRows() {
    const count = async (table: 'waitlist_entries' | 'vpn_requests' | 'contact_forms') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await count('waitlist_entries'), await count('vpn_requests'), await count('contact_forms')];
  }

  it.each([
    ['/api/waitlist', { email: 'someone@mailinator.com' }],
    ['/api/waitlist', { email: 'someone@Sub.MAILINATOR.com' }],
    ['/api/vpn-request', validVpnRequest('someone@yopmail.com')],
    ['/api/contact', validContact('someone@mailinator.com')],
  ])('%s answers 400 for a blocked domain and stores nothing but the log', async (url, body) => {
    const before = await formRows();
    const mailsBefore = (await queuedMails(ctx.mailQueue)).length;
    const ip = nextIp();
    const res = await post(ctx, url, body, { ip });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Disposable email addresses are not allowed. Please use a permanent email address.',
    );
    expect(await formRows()).toEqual(before);
    expect((await queuedMails(ctx.mailQueue)).length).toBe(mailsBefore);
    const log = await ctx.db
      .selectFrom('registration_logs')
      .selectAll()
      .where('ip_address', '=', ip)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ success: false, error_message: res.json().message });
  });

  it('accepts a permanent domain', async () => {
    expect(
      (await post(ctx, '/api/waitlist', { email: 'someone@example.org' }, { ip: nextIp() })).statusCode,
    ).toBe(200);
  });
});

describe('forms-maintenance queue', () => {
  it('schedules its jobs (blocklist refresh, follow-up sweep, retention purge), fills an empty blocklist at start, and runs the refresh on its worker', async () => {
    const local = await createTestContext('maintenance');
    const queueConnection = createRedis(TEST_REDIS_URL);
    const workerConnection = createRedis(TEST_REDIS_URL, { forWorker: true });
    const maintenance = createMaintenance({
      config: local.config,
      db: local.db,
      clock: local.clock,
      log: local.app.log,
      mail: createMailEnqueuer({
        queue: local.mailQueue,
        timeoutMs: 2000,
        log: local.app.log,
        unavailableMessage: MAIL_UNAVAILABLE_MESSAGE,
      }),
      queueConnection,
      workerConnection,
    });
    const inspect = new Queue(MAINTENANCE_QUEUE, {
      connection: queueConnection,
      prefix: local.config.REDIS_PREFIX,
    });
    try {
      await maintenance.start();
      const schedulers = await inspect.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(
        [BLOCKLIST_REFRESH_JOB, FOLLOWUP_SWEEP_JOB, RETENTION_JOB].sort(),
      );
      expect(schedulers.find((s) => s.key === BLOCKLIST_REFRESH_JOB)?.every).toBe(24 * 60 * 60_000);

      // One run from the start-up fill, one from the scheduler's first tick on the worker.
      const runs = (await waitFor(
        async () => {
          const rows = await local.db.selectFrom('blocklist_update_logs').selectAll().execute();
          return rows.length >= 2 ? rows : undefined;
        },
        { timeoutMs: 20_000 },
      ))!;
      expect(runs.every((r) => r.success && r.source === 'package')).toBe(true);
      expect(runs.reduce((sum, r) => sum + r.domains_added, 0)).toBe(runs[0]!.total_domains);
    } finally {
      await maintenance.close();
      await inspect.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
      await local.close();
    }
  });
});
