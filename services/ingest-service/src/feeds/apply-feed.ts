/**
 * Replaces what one feed lists in `feed_ranges` with a new download, in one transaction under the
 * feed's advisory lock (a scheduled run and `pnpm feeds:run` never interleave): networks no longer
 * listed are removed, new ones added with today as first and last listed, the rest get today as
 * last listed (and the feed's current provider and location). The data version is bumped once when
 * anything changed, so lookup replicas swap to it; the same download applied twice the same day
 * changes nothing.
 */
import type { FeedName } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import type { IngestDb } from '../db/schema.js';
import type { FeedEntry } from './feed-entry.js';

export interface FeedChanges {
  added: number;
  removed: number;
  unchanged: number;
  /** Unchanged networks whose listing date, provider or location moved on. */
  refreshed: number;
  dataVersion: number | null;
}

export async function applyFeed(
  db: IngestDb,
  feed: FeedName,
  entries: readonly FeedEntry[],
  today: string,
): Promise<FeedChanges> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`feed:${feed}`}))`.execute(trx);
    await sql`
      create temporary table incoming (
        network cidr primary key, provider text, country text, region text, city text
      ) on commit drop
    `.execute(trx);
    if (entries.length > 0) {
      await sql`
        insert into incoming (network, provider, country, region, city)
        select * from unnest(
          ${entries.map((e) => e.network)}::cidr[],
          ${entries.map((e) => e.provider)}::text[],
          ${entries.map((e) => e.country)}::text[],
          ${entries.map((e) => e.region)}::text[],
          ${entries.map((e) => e.city)}::text[]
        )
        on conflict do nothing
      `.execute(trx);
    }
    const removed = await sql`
      delete from feed_ranges f
      where f.feed = ${feed} and not exists (select 1 from incoming i where i.network = f.network)
      returning 1
    `.execute(trx);
    const refreshed = await sql`
      update feed_ranges f
      set provider = i.provider, country = i.country, region = i.region, city = i.city, last_listed = ${today}::date
      from incoming i
      where f.feed = ${feed} and f.network = i.network
        and (f.provider, f.country, f.region, f.city, f.last_listed)
          is distinct from (i.provider, i.country, i.region, i.city, ${today}::date)
      returning 1
    `.execute(trx);
    const added = await sql`
      insert into feed_ranges (feed, network, provider, country, region, city, first_listed, last_listed)
      select ${feed}, network, provider, country, region, city, ${today}::date, ${today}::date from incoming
      on conflict (feed, network) do nothing
      returning 1
    `.execute(trx);
    const counts = {
      added: added.rows.length,
      removed: removed.rows.length,
      refreshed: refreshed.rows.length,
    };
    let dataVersion: number | null = null;
    if (counts.added + counts.removed + counts.refreshed > 0) {
      const bumped = await sql<{ version: string }>`
        update data_version set version = version + 1, changed_at = now() where id = 1
        returning version::text as version
      `.execute(trx);
      dataVersion = bumped.rows[0] ? Number(bumped.rows[0].version) : null;
    }
    return { ...counts, unchanged: entries.length - counts.added, dataVersion };
  });
}
