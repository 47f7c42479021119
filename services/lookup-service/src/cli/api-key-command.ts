/**
 * `pnpm api-key:create --email E --name N [--daily-quota Q] [--burst B] [--export] [--network CIDR]…`
 * prints a new key once on standard output (the only time it is ever shown); `pnpm api-key:list`,
 * `pnpm api-key:revoke --id ID` and `pnpm api-key:rotate --id ID [--grace-hours H]` are for
 * operators without the panel. Input is checked with the same contracts schemas as the admin API;
 * every write is audited in admin_logs like the panel's (no operator: the command line), and a
 * revocation or rotation is published so every running replica drops the key at once.
 *
 * Exit codes: 0 done, 1 failure (database unreachable, tables missing), 2 bad arguments or
 * configuration, 3 the key does not exist or is already revoked.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  apiKeyIdParamsSchema,
  apiKeyListQuerySchema,
  createApiKeyRequestSchema,
  rotateApiKeyRequestSchema,
} from '@tunnelscope/contracts';
import {
  AppError,
  createDb,
  createRedis,
  isMissingTable,
  systemClock,
  type AdminAuditSubject,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { parseCliConfig } from '../config.js';
import type { LookupDatabase } from '../db/schema.js';
import { createAdminAudit } from '../keys/admin-audit.js';
import { createApiKeyService, type ApiKeyService } from '../keys/api-key-service.js';
import { keyChannel } from '../keys/key-cache.js';
import { createMeter } from '../metering/meter.js';
import { createUsage } from '../metering/usage.js';

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3 } as const;

export const COMMANDS = ['create', 'list', 'revoke', 'rotate'] as const;
export type Command = (typeof COMMANDS)[number];

export const USAGE = [
  'Usage:',
  '  pnpm api-key:create --email <owner e-mail> --name <name> [--daily-quota N] [--burst N] [--export] [--network CIDR]...',
  '  pnpm api-key:list [--search TEXT] [--status all|active|revoked]',
  '  pnpm api-key:revoke --id <key id>',
  '  pnpm api-key:rotate --id <key id> [--grace-hours H]   (default 24, at most 168)',
].join('\n');

export interface CliIo {
  env?: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  'daily-quota': { type: 'string' },
  burst: { type: 'string' },
  export: { type: 'boolean' },
  network: { type: 'string', multiple: true },
  id: { type: 'string' },
  'grace-hours': { type: 'string' },
  search: { type: 'string' },
  status: { type: 'string' },
} as const;

const SILENT_LOG = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

function intOrUndefined(text: string | undefined): number | undefined | typeof NaN {
  if (text === undefined) return undefined;
  return /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'input'}: ${issue.message}` : 'invalid input';
}

export async function runApiKeyCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  if (!(COMMANDS as readonly string[]).includes(command)) {
    io.err(USAGE);
    return EXIT.usage;
  }
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    io.err((err as Error).message);
    io.err(USAGE);
    return EXIT.usage;
  }
  const config = parseCliConfig(io.env);
  if (!config.success) {
    for (const i of config.error.issues) io.err(`${i.path.join('.')}: ${i.message}`);
    return EXIT.usage;
  }

  // Validate before connecting anywhere.
  let run: (service: ApiKeyService, subject: AdminAuditSubject) => Promise<number>;
  if (command === 'create') {
    const parsed = createApiKeyRequestSchema.safeParse({
      name: values.name,
      ownerEmail: values.email,
      dailyQuota: intOrUndefined(values['daily-quota']),
      burstPerSecond: intOrUndefined(values.burst),
      allowExport: values.export ?? false,
      allowedNetworks: values.network ?? [],
    });
    if (!parsed.success) {
      io.err(firstIssue(parsed.error));
      io.err(USAGE);
      return EXIT.usage;
    }
    run = async (service, subject) => {
      const { key, apiKey } = await service.create(subject, parsed.data);
      io.err(
        `Created API key "${apiKey.name}" for ${apiKey.ownerEmail} (id ${apiKey.id}, ${apiKey.dailyQuota}/day, ` +
          `${apiKey.burstPerSecond}/s${apiKey.allowExport ? ', export allowed' : ''}).`,
      );
      io.err('The key follows on standard output; it is shown this once and stored only as a hash:');
      io.out(key);
      return EXIT.ok;
    };
  } else if (command === 'list') {
    const parsed = apiKeyListQuerySchema.safeParse({
      search: values.search,
      status: values.status,
      limit: 100,
      sort: 'createdAt',
      order: 'desc',
    });
    if (!parsed.success) {
      io.err(firstIssue(parsed.error));
      return EXIT.usage;
    }
    run = async (service) => {
      const { entries, pagination } = await service.list(parsed.data);
      io.out(
        ['id', 'name', 'owner', 'prefix', 'daily', 'burst', 'export', 'status', 'created', 'last used'].join(
          '\t',
        ),
      );
      for (const k of entries) {
        const status = k.revokedAt
          ? `revoked ${k.revokedAt}`
          : k.graceUntil
            ? `active (old key until ${k.graceUntil})`
            : 'active';
        io.out(
          [
            k.id,
            k.name,
            k.ownerEmail,
            k.prefix,
            k.dailyQuota,
            k.burstPerSecond,
            k.allowExport ? 'yes' : 'no',
            status,
            k.createdAt,
            k.lastUsedAt ?? '-',
          ].join('\t'),
        );
      }
      if (pagination.total > entries.length)
        io.err(`(${entries.length} of ${pagination.total} shown; narrow with --search)`);
      return EXIT.ok;
    };
  } else {
    const id = apiKeyIdParamsSchema.safeParse({ id: values.id });
    if (!id.success) {
      io.err('--id: the id of a key (a uuid, see pnpm api-key:list)');
      return EXIT.usage;
    }
    if (command === 'revoke') {
      run = async (service, subject) => {
        const view = await service.revoke(subject, id.data.id);
        io.out(`Revoked API key "${view.name}" (${view.prefix}…, id ${view.id}).`);
        return EXIT.ok;
      };
    } else {
      const grace = rotateApiKeyRequestSchema.safeParse({
        graceHours: intOrUndefined(values['grace-hours']),
      });
      if (!grace.success) {
        io.err(`--grace-hours: ${grace.error.issues[0]?.message ?? 'invalid'} (0 to 168)`);
        return EXIT.usage;
      }
      run = async (service, subject) => {
        const { key, apiKey } = await service.rotate(subject, id.data.id, grace.data.graceHours);
        io.err(
          `Rotated API key "${apiKey.name}" (id ${apiKey.id}); the old key works until ${apiKey.graceUntil ?? 'now (no grace)'}.`,
        );
        io.err('The new key follows on standard output; it is shown this once:');
        io.out(key);
        return EXIT.ok;
      };
    }
  }

  const db = createDb<LookupDatabase>(config.data.DATABASE_URL, {
    max: 1,
    applicationName: `api-key:${command}`,
  });
  const redis = createRedis(config.data.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const clock = systemClock;
  const meter = createMeter({ redis, redisPrefix: config.data.REDIS_PREFIX, clock, log: SILENT_LOG });
  const service = createApiKeyService({
    db,
    clock,
    audit: createAdminAudit({ db, clock, log: SILENT_LOG }),
    usage: createUsage({ db, redis, meter, clock, log: SILENT_LOG }),
    invalidate: async (keyId) => {
      try {
        await redis.publish(keyChannel(config.data.REDIS_PREFIX), keyId);
      } catch {
        io.err(
          `Redis is unreachable: running replicas drop the key from their caches within ${config.data.LOOKUP_KEY_CACHE_SECONDS} s.`,
        );
      }
    },
  });
  const subject: AdminAuditSubject = {
    adminId: null,
    sessionId: null,
    username: null,
    ip: '',
    userAgent: `api-key:${command}`,
    requestId: randomUUID(),
  };
  try {
    return await run(service, subject);
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 409)) {
      io.err(`${err.message}: nothing was changed.`);
      return EXIT.notFound;
    }
    if (err instanceof AppError && err.statusCode === 400) {
      io.err(err.message);
      return EXIT.usage;
    }
    if (isMissingTable(err) || (err as { code?: unknown }).code === '3D000') {
      io.err('The API key tables (or their database) do not exist yet: run `pnpm db:migrate` first.');
      return EXIT.failure;
    }
    io.err(`api-key:${command} failed: ${(err as Error).message}`);
    return EXIT.failure;
  } finally {
    await db.destroy();
    redis.disconnect();
  }
}
