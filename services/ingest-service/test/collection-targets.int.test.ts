/**
 * The collection-target worker (issue 17): a job on the `collection-targets` queue, as
 * forms-service enqueues it when an operator completes a VPN request, puts the VPN on
 * `GET /ingest/v1/targets` once, however often it is delivered; a job that does not parse is
 * failed without touching the list.
 */
import { randomUUID } from 'node:crypto';
import {
  COLLECTION_TARGET_JOB_NAME,
  COLLECTION_TARGET_QUEUE_NAME,
  INGEST_API,
  collectionTargetJobId,
  type CollectionTargetJob,
} from '@tunnelscope/contracts';
import { Queue, QueueEvents } from 'bullmq';
import { createRedis } from '@tunnelscope/service-kit';
import { TEST_REDIS_URL } from '@tunnelscope/test-kit';
import type { Redis } from 'ioredis';
import { startTargetWorker, type TargetWorker } from '../src/targets/target-worker.js';
import { call, createTestContext, newCollectorToken, type TestContext } from './helpers.js';

let ctx: TestContext;
let worker: TargetWorker;
let queue: Queue<CollectionTargetJob>;
let events: QueueEvents;
let eventsConnection: Redis;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext('collection_targets');
  worker = startTargetWorker({ config: ctx.config, db: ctx.db, log: ctx.app.log });
  queue = new Queue<CollectionTargetJob>(COLLECTION_TARGET_QUEUE_NAME, {
    connection: ctx.redis,
    prefix: ctx.config.REDIS_PREFIX,
  });
  eventsConnection = createRedis(TEST_REDIS_URL, { forWorker: true });
  events = new QueueEvents(COLLECTION_TARGET_QUEUE_NAME, {
    connection: eventsConnection,
    prefix: ctx.config.REDIS_PREFIX,
  });
  await events.waitUntilReady();
  token = await newCollectorToken(ctx, 'targets-reader');
});
afterAll(async () => {
  await worker?.close();
  await events?.close();
  eventsConnection?.disconnect();
  await queue?.close();
  await ctx?.close();
});

/** Enqueues as forms-service does and waits for the worker's answer. */
async function deliver(job: CollectionTargetJob, jobId = collectionTargetJobId(job.requestId)) {
  const added = await queue.add(COLLECTION_TARGET_JOB_NAME, job, { jobId, attempts: 1 });
  return added.waitUntilFinished(events) as Promise<{ added: boolean }>;
}

async function targetList() {
  const res = await call(ctx, { method: 'GET', url: INGEST_API.targets.path, token });
  expect(res.statusCode).toBe(200);
  return res.json().targets as { vpn: string; vendor: string | null; reason: string }[];
}

describe('the collection-targets worker', () => {
  it('puts a completed request’s VPN on GET /ingest/v1/targets, once however often it is delivered', async () => {
    const job = {
      vpnName: 'Requested Tunnel VPN',
      requestNumber: 'VPN-20261125-QW23ER',
      requestId: randomUUID(),
    };
    expect(await deliver(job)).toEqual({ added: true });
    // A redelivery (forms' sweep after a crash between enqueue and its mark) under another job id.
    expect(await deliver(job, `${collectionTargetJobId(job.requestId)}-again`)).toEqual({ added: false });

    const listed = (await targetList()).filter((t) => t.vpn === job.vpnName);
    expect(listed).toEqual([
      expect.objectContaining({ vpn: job.vpnName, vendor: null, reason: 'vpn_request' }),
    ]);
    const stored = await ctx.db.selectFrom('collection_targets').selectAll().execute();
    expect(stored).toEqual([
      expect.objectContaining({ vpn_name: job.vpnName, request_number: job.requestNumber }),
    ]);
  });

  it('fails a job that does not parse, and leaves the list alone', async () => {
    const before = await targetList();
    const bad = await queue.add(
      COLLECTION_TARGET_JOB_NAME,
      { vpnName: '', requestNumber: null, requestId: 'not-a-uuid' } as CollectionTargetJob,
      { jobId: 'bad-job', attempts: 3 },
    );
    await expect(bad.waitUntilFinished(events)).rejects.toThrow(/invalid collection-target job/);
    // UnrecoverableError: no retries spent on a job that can never parse.
    expect((await queue.getJob('bad-job'))?.attemptsMade).toBe(1);
    expect(await targetList()).toEqual(before);
  });
});
