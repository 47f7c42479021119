import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startMailSink, uniqueRedisPrefix, waitFor, type MailSink } from '@tunnelscope/test-kit';
import type { MailWorker } from '../src/mail-jobs/mail-worker.js';
import { freePort, numberedJobs, pendingCount, startTestWorker, testConfig, testQueue } from './helpers.js';

const TOTAL = 200;

/**
 * A redis-server of this suite's own, persisting as docker-compose runs it (append-only file,
 * fsync on every write, no RDB snapshots), so it can be shut down and started again.
 */
class PersistentRedis {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--dir',
        this.dir,
        '--logfile',
        path.join(this.dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
        const probe = new Redis(this.url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          // Ready once it has loaded the append-only file and answers.
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  /** SHUTDOWN: Redis fsyncs the append-only file and exits. */
  async shutdown(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const client = new Redis(this.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    // The server closes the connection instead of answering.
    await client.call('SHUTDOWN').catch(() => undefined);
    client.disconnect();
    await exited;
    this.child = undefined;
  }

  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
    this.child = undefined;
  }
}

describe('mail worker: Redis restart', () => {
  const prefix = uniqueRedisPrefix('mailer-redis-restart');
  let redis: PersistentRedis;
  let dir: string;
  let sink: MailSink;
  let mailer: MailWorker | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mailer-redis-'));
    redis = new PersistentRedis(await freePort(), dir);
    await redis.start();
    sink = await startMailSink();
  });

  afterAll(async () => {
    await mailer?.close();
    await sink?.close();
    redis?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers each of 200 mails queued before a Redis restart exactly once', async () => {
    const jobs = numberedJobs(TOTAL, 'p');
    const before = testQueue(prefix, redis.url);
    await before.queue.addBulk(jobs.map((data) => ({ name: data.type, data })));
    expect(await pendingCount(before.queue)).toBe(TOTAL);
    await before.queue.close();
    before.redis.disconnect();

    await redis.shutdown();
    await redis.start();

    // The jobs came back from the append-only file, before any worker runs.
    const after = testQueue(prefix, redis.url);
    try {
      expect(await pendingCount(after.queue)).toBe(TOTAL);

      mailer = startTestWorker(
        testConfig({ REDIS_URL: redis.url, REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl }),
      );
      await sink.waitFor(() => true, { count: TOTAL, timeoutMs: 90_000 });
      await waitFor(
        async () => (await pendingCount(after.queue)) === 0 && (await after.queue.getActiveCount()) === 0,
        {
          timeoutMs: 30_000,
        },
      );

      expect(sink.messages).toHaveLength(TOTAL);
      expect(new Set(sink.messages.flatMap((m) => m.to))).toEqual(new Set(jobs.map((j) => j.to)));
      expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(TOTAL);
      expect(await after.queue.getFailedCount()).toBe(0);
    } finally {
      await after.close();
    }
  }, 180_000);

  it('keeps sending after Redis restarts under a running worker, losing nothing', async () => {
    const jobs = numberedJobs(TOTAL, 'live');
    const tag = (to: string) => to.startsWith('bulk-live-');
    const producer = testQueue(`${prefix}-live`, redis.url);
    const live = startTestWorker(
      testConfig({
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${prefix}-live`,
        SMTP_URL: sink.smtpUrl,
        MAILER_RATE_PER_SECOND: '50',
      }),
    );
    try {
      await producer.queue.addBulk(jobs.map((data) => ({ name: data.type, data })));
      await sink.waitFor((m) => m.to.some(tag), { count: 20, timeoutMs: 60_000 });

      await redis.shutdown();
      await redis.start();

      // At least once: a mail sent while Redis was going down may be sent again, none is lost.
      await sink.waitFor((m) => m.to.some(tag), { count: TOTAL, timeoutMs: 150_000 });
      const received = new Set(sink.messages.flatMap((m) => m.to).filter(tag));
      expect(received).toEqual(new Set(jobs.map((j) => j.to)));
    } finally {
      await live.close();
      await producer.close();
    }
  }, 240_000);
});
