/**
 * A PostgreSQL 15 of the suite's own, in a temporary folder on a free port, that the fault
 * scenarios stop and start at will. The machine's shared server (5432) is never touched. We run as
 * root and PostgreSQL refuses to, so every command runs as the `postgres` OS user.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@tunnelscope/test-kit';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  port: number;
  /** The server's URL (database `postgres`); the stack creates its databases on it. */
  url: string;
  /** Stops the server the way an outage would (`-m immediate`: no checkpoint, clients cut). */
  stop(): Promise<void>;
  start(): Promise<void>;
  isRunning(): boolean;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** `cmd args…` as the postgres OS user when we are root, as ourselves otherwise. */
function asPostgres(cmd: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);
}

export async function startOwnPostgres(label: string): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `faults-pg-${label}-`));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
  await asPostgres(`${BIN}/initdb`, [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  // Small and local: only TCP on 127.0.0.1, the socket in our folder, no fsync (data is throwaway).
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 200',
      'shared_buffers = 64MB',
      '',
    ].join('\n'),
  );
  let running = false;
  const pgCtl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-l', log, ...args]);
  const self: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl('-w', '-t', '60', 'start');
      running = true;
    },
    async stop() {
      await pgCtl('-w', '-t', '60', '-m', 'immediate', 'stop');
      running = false;
    },
    isRunning: () => running,
    async close() {
      if (running) await self.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  return self;
}
