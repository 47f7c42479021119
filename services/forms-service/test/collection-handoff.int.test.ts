/**
 * From request to coverage (issue 17): a VPN request marked Complete by an operator records its
 * hand-off in the status change's transaction and enqueues one `collection-targets` job after
 * commit; completing it again does not hand it off twice; with Redis down the PATCH still answers,
 * the row stays pending, and the sweep delivers it once Redis is back.
 */
import { randomUUID } from 'node:crypto';
import {
  COLLECTION_TARGET_QUEUE_NAME,
  collectionTargetJobId,
  type CollectionTargetJob,
} from '@tunnelscope/contracts';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import {
  createCollectionHandoff,
  createCollectionTargetQueue,
  type CollectionTargetQueue,
} from '../src/collection-handoff/collection-handoff.js';
import { MIGRATION_TABLE, migrations } from '../src/migrations/index.js';
import { createAdminAudit } from '../src/review/admin-audit.js';
import { createReviewService, type Operator as ServiceOperator } from '../src/review/review-service.js';
import type { TestContext } from './helpers.js';
import {
  adminCall,
  createOperator,
  createReviewContext,
  seedVpnRequests,
  type Operator,
} from './review-helpers.js';

let ctx: TestContext;
let admin: Operator;
let queue: Queue<CollectionTargetJob>;

beforeAll(async () => {
  ctx = await createReviewContext('collection_handoff');
  admin = await createOperator(ctx, 'admin');
  queue = new Queue<CollectionTargetJob>(COLLECTION_TARGET_QUEUE_NAME, {
    connection: ctx.redis,
    prefix: ctx.config.REDIS_PREFIX,
  });
});
afterAll(async () => {
  await queue?.close();
  await ctx?.close();
});

async function jobsFor(requestId: string) {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((j) => j.data.requestId === requestId);
}

async function handoffRows(requestId: string) {
  const result = await sql<{
    vpn_name: string;
    request_number: string | null;
    enqueued_at: Date | null;
    attempts: number;
    last_error: string | null;
  }>`select vpn_name, request_number, enqueued_at, attempts, last_error
     from collection_target_handoffs where request_id = ${requestId}`.execute(ctx.db);
  return result.rows;
}

let seq = 0;
async function seedRequest(status: 'Waiting' | 'Pending' | 'Complete' = 'Waiting') {
  seq++;
  const [row] = await seedVpnRequests(ctx, [
    {
      vpn_name: `Handoff VPN ${seq}`,
      user_email: `handoff-${seq}@example.com`,
      request_number: `VPN-20261125-HO${String(seq).padStart(4, '0')}`,
      is_verified: true,
      status,
    },
  ]);
  return row!;
}

const patch = (id: string, body: unknown) => adminCall(ctx, admin, 'PATCH', `/data/vpn-requests/${id}`, body);

describe('PATCH /data/vpn-requests/:id to Complete', () => {
  it('records the hand-off and enqueues one job naming the VPN, its request number and id', async () => {
    const request = await seedRequest();
    const res = await patch(request.id, { status: 'Complete' });
    expect(res.statusCode).toBe(200);

    const rows = await handoffRows(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ vpn_name: request.vpn_name, request_number: request.request_number });
    expect(rows[0]!.enqueued_at).not.toBeNull();

    const jobs = await jobsFor(request.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.id).toBe(collectionTargetJobId(request.id));
    expect(jobs[0]!.data).toEqual({
      vpnName: request.vpn_name,
      requestNumber: request.request_number,
      requestId: request.id,
    });
  });

  it('does not hand off twice: a second Complete, or Complete after Pending, adds neither row nor job', async () => {
    const request = await seedRequest();
    expect((await patch(request.id, { status: 'Complete' })).statusCode).toBe(200);
    expect((await patch(request.id, { status: 'Complete', notes: 'again' })).statusCode).toBe(200);
    expect((await patch(request.id, { status: 'Pending' })).statusCode).toBe(200);
    expect((await patch(request.id, { status: 'Complete' })).statusCode).toBe(200);
    expect(await handoffRows(request.id)).toHaveLength(1);
    expect(await jobsFor(request.id)).toHaveLength(1);
  });

  it('hands off nothing for another status, or for a Complete on another list', async () => {
    const request = await seedRequest();
    expect((await patch(request.id, { status: 'Pending', notes: 'looking' })).statusCode).toBe(200);
    expect(await handoffRows(request.id)).toHaveLength(0);
    expect(await jobsFor(request.id)).toHaveLength(0);
    const [waitlisted] = await sql<{ id: string }>`
      insert into waitlist_entries (email, is_verified) values ('handoff-waitlist@example.com', true)
      returning id`
      .execute(ctx.db)
      .then((r) => r.rows);
    expect(
      (await adminCall(ctx, admin, 'PATCH', `/data/waitlist/${waitlisted!.id}`, { status: 'Complete' }))
        .statusCode,
    ).toBe(200);
    expect(await handoffRows(waitlisted!.id)).toHaveLength(0);
  });

  it('a status change that fails (no such request) records nothing', async () => {
    const id = randomUUID();
    expect((await patch(id, { status: 'Complete' })).statusCode).toBe(404);
    expect(await handoffRows(id)).toHaveLength(0);
  });
});

describe('with Redis down', () => {
  const operator = (): ServiceOperator => ({
    ...admin.identity,
    ip: '203.0.113.7',
    userAgent: 'jest-operator',
    requestId: 'req-handoff',
  });
  const reviewWith = (q: CollectionTargetQueue) =>
    createReviewService({
      db: ctx.db,
      clock: ctx.clock,
      audit: createAdminAudit({ db: ctx.db, clock: ctx.clock, log: ctx.app.log }),
      handoff: createCollectionHandoff({
        db: ctx.db,
        queue: q,
        log: ctx.app.log,
        now: () => ctx.clock.now(),
      }),
    });
  /** What BullMQ's add does while Redis is away (ioredis gives up on the command). */
  const downQueue: CollectionTargetQueue = {
    add: () => Promise.reject(new Error('Connection is closed.')),
  };
  /** Redis that never answers: the enqueue's deadline gives up instead. */
  const hangingQueue: CollectionTargetQueue = { add: () => new Promise(() => undefined) };

  it('the status change stands, the hand-off stays pending, and the sweep delivers it once Redis is back', async () => {
    const request = await seedRequest();
    const answer = await reviewWith(downQueue).update(operator(), 'vpn-requests', request.id, {
      status: 'Complete',
    });
    expect(answer.status).toBe('Complete');
    const [status] = await sql<{ status: string }>`select status from vpn_requests where id = ${request.id}`
      .execute(ctx.db)
      .then((r) => r.rows);
    expect(status!.status).toBe('Complete');
    const pending = await handoffRows(request.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ enqueued_at: null, attempts: 1, last_error: 'Connection is closed.' });
    expect(await jobsFor(request.id)).toHaveLength(0);

    // A sweep while Redis is still down changes nothing but the attempt count.
    const downSweep = createCollectionHandoff({
      db: ctx.db,
      queue: downQueue,
      log: ctx.app.log,
      now: () => ctx.clock.now(),
    });
    expect((await downSweep.sweep()).failed).toBe(1);
    expect((await handoffRows(request.id))[0]!.enqueued_at).toBeNull();

    // Redis is back: one sweep delivers it, the next finds nothing pending.
    const realQueue = createCollectionTargetQueue(ctx.redis, ctx.config.REDIS_PREFIX);
    try {
      const relay = createCollectionHandoff({
        db: ctx.db,
        queue: realQueue,
        log: ctx.app.log,
        now: () => ctx.clock.now(),
      });
      const first = await relay.sweep();
      expect(first.enqueued).toBeGreaterThanOrEqual(1);
      expect(first.failed).toBe(0);
      expect((await handoffRows(request.id))[0]!.enqueued_at).not.toBeNull();
      expect(await relay.sweep()).toEqual({ pending: 0, enqueued: 0, failed: 0 });
      // Completing it again after recovery does not add a second job.
      await reviewWith(realQueue).update(operator(), 'vpn-requests', request.id, { status: 'Complete' });
      const jobs = await jobsFor(request.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.data).toEqual({
        vpnName: request.vpn_name,
        requestNumber: request.request_number,
        requestId: request.id,
      });
    } finally {
      await realQueue.close();
    }
  });

  it('an enqueue that hangs gives up at its deadline and leaves the hand-off to the sweep', async () => {
    const request = await seedRequest();
    const review = createReviewService({
      db: ctx.db,
      clock: ctx.clock,
      audit: createAdminAudit({ db: ctx.db, clock: ctx.clock, log: ctx.app.log }),
      handoff: createCollectionHandoff({
        db: ctx.db,
        queue: hangingQueue,
        log: ctx.app.log,
        now: () => ctx.clock.now(),
        timeoutMs: 50,
      }),
    });
    await review.update(operator(), 'vpn-requests', request.id, { status: 'Complete' });
    const [row] = await handoffRows(request.id);
    expect(row!.enqueued_at).toBeNull();
    expect(row!.last_error).toMatch(/longer than 50 ms/);
  });
});

describe('the migration', () => {
  it('queues the requests that were already Complete, so the first sweep hands them off', async () => {
    const migrator = new Migrator({
      db: ctx.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: `${MIGRATION_TABLE}_lock`,
    });
    // Back to before the hand-off (later migrations are undone with it).
    const down = await migrator.migrateTo('20261123120000_review_lists');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('20261125230000_collection_handoff');
    const completedBefore = await seedRequest('Complete');
    const waiting = await seedRequest('Waiting');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await handoffRows(completedBefore.id)).toEqual([
      expect.objectContaining({ vpn_name: completedBefore.vpn_name, enqueued_at: null }),
    ]);
    expect(await handoffRows(waiting.id)).toHaveLength(0);
  });
});
