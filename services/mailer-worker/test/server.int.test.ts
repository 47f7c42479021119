import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { uniqueRedisPrefix, waitFor, TEST_REDIS_URL } from '@tunnelscope/test-kit';
import {
  freePort,
  numberedJobs,
  pendingCount,
  startHeaderSink,
  testQueue,
  type HeaderSink,
} from './helpers.js';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));

describe('mailer-worker process', () => {
  const prefix = uniqueRedisPrefix('mailer-process');
  const producer = testQueue(prefix);
  let sink: HeaderSink;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    sink = await startHeaderSink({ dataDelayMs: 1000 });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await producer.close();
    await sink.close();
  });

  it('serves its probes, sends mail, and on SIGTERM finishes the mails in flight and exits 0', async () => {
    const jobs = numberedJobs(12, 'proc');
    await producer.queue.addBulk(jobs.map((data) => ({ name: data.type, data })));
    const port = await freePort();

    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serviceDir,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        SMTP_URL: sink.url,
        MAILER_WORKER_PORT: String(port),
        MAILER_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    await waitFor(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        return res?.status === 200;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    await waitFor(() => sink.mails.length >= 1 && sink.started > sink.mails.length, {
      timeoutMs: 60_000,
      intervalMs: 20,
    });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // Every mail the server had started to receive was completed; the rest waits in the queue.
    expect(sink.mails.length).toBe(sink.started);
    expect(sink.mails.length).toBeLessThan(jobs.length);
    expect(await producer.queue.getActiveCount()).toBe(0);
    expect(await pendingCount(producer.queue)).toBe(jobs.length - sink.mails.length);
    expect(output).toContain('"msg":"mail sent"');
    expect(output).toContain('"msg":"shutdown complete"');
  }, 120_000);
});
