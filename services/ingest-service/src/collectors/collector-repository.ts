/** SQL of the `collectors` table: only each token's SHA-256 is stored. */
import { randomUUID } from 'node:crypto';
import type { IngestDb } from '../db/schema.js';
import { collectorTokens } from './collector-token.js';

export interface CollectorRow {
  id: string;
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const COLUMNS = [
  'id',
  'name',
  'created_at as createdAt',
  'revoked_at as revokedAt',
  'last_used_at as lastUsedAt',
] as const;

/** Creates a collector; the token is returned here and never again. */
export async function createCollector(
  db: IngestDb,
  name: string,
): Promise<{ token: string; collector: CollectorRow }> {
  const token = collectorTokens.generate();
  const collector = await db
    .insertInto('collectors')
    .values({
      id: randomUUID(),
      name,
      token_hash: collectorTokens.hash(token),
      revoked_at: null,
      last_used_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { token, collector };
}

export async function listCollectors(db: IngestDb): Promise<CollectorRow[]> {
  return db.selectFrom('collectors').select(COLUMNS).orderBy('created_at').execute();
}

/** Revokes a collector (the row stays, so its reports keep their author). Null when unknown. */
export async function revokeCollector(db: IngestDb, id: string, now: Date): Promise<CollectorRow | null> {
  const row = await db
    .updateTable('collectors')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

export async function findCollectorByHash(db: IngestDb, hash: Buffer): Promise<CollectorRow | null> {
  const row = await db
    .selectFrom('collectors')
    .select(COLUMNS)
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchCollector(db: IngestDb, id: string, now: Date): Promise<void> {
  await db.updateTable('collectors').set({ last_used_at: now }).where('id', '=', id).execute();
}
