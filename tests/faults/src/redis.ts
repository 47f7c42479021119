/**
 * A Redis 7 of the suite's own on a free port, persisted the way docker-compose runs it
 * (`--appendonly yes`), so a restart keeps the queues and counters it had acknowledged. The
 * machine's shared Redis (6379) is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@tunnelscope/test-kit';

export interface OwnRedis {
  port: number;
  url: string;
  /** SIGTERM: Redis fsyncs the AOF and exits, as `docker restart` does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  isRunning(): boolean;
  close(): Promise<void>;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        // PING until the AOF has loaded: Redis answers -LOADING before.
        s.write('PING\r\n');
      });
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis on ${port} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startOwnRedis(label: string): Promise<OwnRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `faults-redis-${label}-`));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const self: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', 'yes', '--dir', dir, '--save', ''],
        { stdio: 'ignore' },
      );
      await waitForPort(port, 30_000);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    isRunning: () => !!child && child.exitCode === null,
    async close() {
      await self.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  return self;
}
