/**
 * `pnpm collector:create --name N` prints a new collector token once on standard output (the only
 * time it is ever shown; only its SHA-256 is stored); `pnpm collector:list` and
 * `pnpm collector:revoke --id ID` for operators. A revoked token is refused by every replica within
 * COLLECTOR_CACHE_MS (10 s).
 *
 * Exit codes: 0 done, 1 failure (database unreachable, tables missing), 2 bad arguments or
 * configuration, 3 the collector does not exist.
 */
import { parseArgs } from 'node:util';
import { createDb, isMissingTable, systemClock } from '@tunnelscope/service-kit';
import { z } from 'zod';
import { createCollector, listCollectors, revokeCollector } from '../collectors/collector-repository.js';
import { parseCliConfig } from '../config.js';
import type { IngestDatabase } from '../db/schema.js';

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3 } as const;

export const USAGE = [
  'Usage:',
  '  pnpm collector:create --name <name>',
  '  pnpm collector:list',
  '  pnpm collector:revoke --id <collector id>',
].join('\n');

export interface CliIo {
  env?: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

const nameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters');

export async function runCollectorCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  if (!['create', 'list', 'revoke'].includes(command)) {
    io.err(USAGE);
    return EXIT.usage;
  }
  let values: { name?: string | undefined; id?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { name: { type: 'string' }, id: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const config = parseCliConfig(io.env);
  if (!config.success) {
    io.err(
      `Invalid configuration: ${config.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return EXIT.usage;
  }
  const db = createDb<IngestDatabase>(config.data.IPDB_URL, { max: 1, applicationName: 'ingest-cli' });
  try {
    if (command === 'create') {
      const name = nameSchema.safeParse(values.name ?? '');
      if (!name.success) {
        io.err(`--name ${name.error.issues[0]?.message ?? 'is invalid'}\n${USAGE}`);
        return EXIT.usage;
      }
      const { token, collector } = await createCollector(db, name.data);
      io.err(`Collector ${collector.name} (${collector.id}) created. The token is shown once; store it now.`);
      io.out(token);
      return EXIT.ok;
    }
    if (command === 'list') {
      for (const c of await listCollectors(db)) {
        const state = c.revokedAt ? `revoked ${c.revokedAt.toISOString()}` : 'active';
        const used = c.lastUsedAt ? c.lastUsedAt.toISOString() : 'never';
        io.out(`${c.id}\t${c.name}\t${state}\tlast used ${used}`);
      }
      return EXIT.ok;
    }
    const id = z.uuid().safeParse(values.id ?? '');
    if (!id.success) {
      io.err(`--id must be a collector id (a UUID)\n${USAGE}`);
      return EXIT.usage;
    }
    const revoked = await revokeCollector(db, id.data, systemClock.now());
    if (!revoked) {
      io.err(`No collector ${id.data}.`);
      return EXIT.notFound;
    }
    io.out(`Collector ${revoked.name} (${revoked.id}) revoked at ${revoked.revokedAt!.toISOString()}.`);
    return EXIT.ok;
  } catch (err) {
    io.err(
      isMissingTable(err)
        ? 'The IP database has no collectors table: run `pnpm db:migrate` first.'
        : `Failed: ${(err as Error).message}`,
    );
    return EXIT.failure;
  } finally {
    await db.destroy();
  }
}
