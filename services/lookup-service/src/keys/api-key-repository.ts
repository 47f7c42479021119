/** SQL of the api_keys and api_key_usage_daily tables (kysely); `db` or `trx` first. */
import type { ApiKeyListQuery, apiKeyListQuerySchema } from '@tunnelscope/contracts';
import { likePattern } from '@tunnelscope/service-kit';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ApiKeyRow, Executor } from '../db/schema.js';

/** Every column, with the cidr[] read back as text[] (pg parses text[] into a JS array). */
const COLUMNS = [
  'id',
  'name',
  'owner_email',
  'key_hash',
  'prefix',
  'daily_quota',
  'burst_per_second',
  'allow_export',
  sql<string[]>`allowed_networks::text[]`.as('allowed_networks'),
  'created_at',
  'last_used_at',
  'revoked_at',
  'previous_key_hash',
  'grace_until',
] as const;

export interface NewApiKey {
  name: string;
  owner_email: string;
  key_hash: Buffer;
  prefix: string;
  daily_quota: number;
  burst_per_second: number;
  allow_export: boolean;
  allowed_networks: string[];
  created_at: Date;
}

export async function insertApiKey(db: Executor, key: NewApiKey): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ ...key, allowed_networks: sql<string[]>`${key.allowed_networks}::cidr[]` })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The key whose current or previous (rotated-away) secret hashes to `hash`. */
export async function findApiKeyByHash(db: Executor, hash: Buffer): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('key_hash', '=', hash), eb('previous_key_hash', '=', hash)]))
    .executeTakeFirst();
}

export async function findApiKeyById(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<ApiKeyRow | undefined> {
  let q = db.selectFrom('api_keys').select(COLUMNS).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A new secret; the old one stays valid until `graceUntil` (a second rotation ends the first's grace). */
export async function rotateApiKey(
  db: Executor,
  id: string,
  change: { keyHash: Buffer; prefix: string; graceUntil: Date },
): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set((eb) => ({
      previous_key_hash: eb.ref('key_hash'),
      key_hash: change.keyHash,
      prefix: change.prefix,
      grace_until: change.graceUntil,
    }))
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function revokeApiKey(db: Executor, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  name: 'name',
  ownerEmail: 'owner_email',
  lastUsedAt: 'last_used_at',
  dailyQuota: 'daily_quota',
} as const;

export async function listApiKeys(
  db: Executor,
  query: z.output<typeof apiKeyListQuerySchema>,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  let base = db.selectFrom('api_keys');
  if (query.search) {
    const pattern = likePattern(query.search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('owner_email', 'ilike', pattern)]));
  }
  if (query.status === 'active') base = base.where('revoked_at', 'is', null);
  if (query.status === 'revoked') base = base.where('revoked_at', 'is not', null);
  const column = SORT_COLUMNS[query.sort];
  const [rows, count] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy(sql`${sql.ref(column)} ${sql.raw(query.order)} nulls last`)
      .orderBy('id', query.order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type { ApiKeyListQuery };

/** Adds roll-up deltas to the durable day counts; answers each row's new total. */
export async function addUsage(
  db: Executor,
  deltas: readonly { keyId: string; day: string; count: number }[],
): Promise<{ key_id: string; day: string; count: number }[]> {
  if (deltas.length === 0) return [];
  return db
    .insertInto('api_key_usage_daily')
    .values(deltas.map((d) => ({ key_id: d.keyId, day: d.day, count: d.count })))
    .onConflict((oc) =>
      oc.columns(['key_id', 'day']).doUpdateSet((eb) => ({
        count: sql<number>`${eb.ref('api_key_usage_daily.count')} + ${eb.ref('excluded.count')}`,
      })),
    )
    .returning(['key_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'count'])
    .execute();
}

export async function touchLastUsed(db: Executor, keyIds: readonly string[], at: Date): Promise<void> {
  if (keyIds.length === 0) return;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', 'in', keyIds)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}

/** Durable day counts of one key from `fromDay` on (inclusive), oldest first. */
export async function usageSince(
  db: Executor,
  keyId: string,
  fromDay: string,
): Promise<{ day: string; count: number }[]> {
  return db
    .selectFrom('api_key_usage_daily')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'count'])
    .where('key_id', '=', keyId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
}
