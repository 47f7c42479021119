import { expressionBuilder, sql, type AliasableExpression, type SqlBool } from 'kysely';
import type { Executor, FormsDatabase, NewBlocklistUpdateLog } from '../db/schema.js';

/** Any one key, shared by every process: refreshes of the list run one at a time. */
const BLOCKLIST_LOCK_KEY = 7_311_001;
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** True when any of `domains` is listed: an EXISTS on the unique index, to ask inside a larger query. */
export function anyDomainBlocked(domains: string[]): AliasableExpression<SqlBool> {
  const eb = expressionBuilder<FormsDatabase>();
  if (domains.length === 0) return eb.lit(false);
  return eb.exists(eb.selectFrom('blocked_email_domains').select('id').where('domain', 'in', domains));
}

export async function countBlockedDomains(db: Executor, source?: string): Promise<number> {
  let q = db.selectFrom('blocked_email_domains').select((eb) => eb.fn.countAll<number>().as('n'));
  if (source !== undefined) q = q.where('source', '=', source);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Holds the refresh lock until the transaction ends. */
export async function lockBlocklist(trx: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BLOCKLIST_LOCK_KEY})`.execute(trx);
}

export async function listDomainsOfSource(db: Executor, source: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocked_email_domains')
    .select('domain')
    .where('source', '=', source)
    .execute();
  return rows.map((r) => r.domain);
}

/** Inserts the domains no source holds yet; returns how many were new. */
export async function insertDomains(db: Executor, domains: string[], source: string): Promise<number> {
  let inserted = 0;
  for (const part of chunks(domains)) {
    const rows = await db
      .insertInto('blocked_email_domains')
      .values(part.map((domain) => ({ domain, source })))
      .onConflict((oc) => oc.column('domain').doNothing())
      .returning('id')
      .execute();
    inserted += rows.length;
  }
  return inserted;
}

export async function deleteDomains(db: Executor, domains: string[], source: string): Promise<number> {
  let deleted = 0;
  for (const part of chunks(domains)) {
    const result = await db
      .deleteFrom('blocked_email_domains')
      .where('source', '=', source)
      .where('domain', 'in', part)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

export async function insertBlocklistUpdateLog(db: Executor, entry: NewBlocklistUpdateLog): Promise<void> {
  await db.insertInto('blocklist_update_logs').values(entry).execute();
}
