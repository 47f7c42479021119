/**
 * One run of one public feed: download every source (keeping a copy of each good download),
 * parse, and apply — unless the run failed or parsed to less than half of the last applied run,
 * in which case the previous data stays (a truncated download or an error page must not wipe the
 * Tor exits). Every run, applied or not, writes its log row to `feed_runs`.
 *
 * A cloud feed has several sources: one that fails is replaced by its last good copy, so one
 * provider's outage does not remove that provider's ranges; with no copy, the run fails.
 */
import { FEEDS, type FeedName, type FeedRun } from '@tunnelscope/contracts';
import type { Clock } from '@tunnelscope/service-kit';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { IngestDb } from '../db/schema.js';
import { applyFeed } from './apply-feed.js';
import { download, keepCopy, readCopy } from './download.js';
import { uniqueEntries, type ParsedFeed } from './feed-entry.js';
import { parseCloudRanges } from './parse-cloud.js';
import { parseGeofeed } from './parse-geofeed.js';
import { parseTorExitList } from './parse-tor.js';

/** The relay feed's operator, named in the answer's evidence. */
export const RELAY_PROVIDER = 'iCloud Private Relay';

export type FeedConfig = Pick<
  Config,
  | 'FEED_TOR_URL'
  | 'FEED_RELAY_URL'
  | 'FEED_CLOUD_URLS'
  | 'FEED_CACHE_DIR'
  | 'FEED_FETCH_TIMEOUT_MS'
  | 'FEED_MAX_BYTES'
>;

/** The sources of each feed that is on (a feed with no source configured is off). */
export function feedSources(config: FeedConfig): Partial<Record<FeedName, string[]>> {
  const out: Partial<Record<FeedName, string[]>> = {};
  if (config.FEED_TOR_URL) out.tor = [config.FEED_TOR_URL];
  if (config.FEED_RELAY_URL) out.relay = [config.FEED_RELAY_URL];
  if (config.FEED_CLOUD_URLS.length > 0) out.cloud = [...config.FEED_CLOUD_URLS];
  return out;
}

function parse(feed: FeedName, body: string): ParsedFeed {
  switch (feed) {
    case 'tor':
      return parseTorExitList(body);
    case 'relay':
      return parseGeofeed(body, RELAY_PROVIDER);
    case 'cloud':
      return parseCloudRanges(body);
  }
}

/** A source's body: downloaded (and kept), or for a cloud source its last good copy. */
async function fetchSource(
  feed: FeedName,
  url: string,
  config: FeedConfig,
): Promise<{ body: string; bytes: number; fallback: string | null }> {
  try {
    const body = await download(url, {
      timeoutMs: config.FEED_FETCH_TIMEOUT_MS,
      maxBytes: config.FEED_MAX_BYTES,
    });
    // Parse before keeping: a damaged download must not replace the last good copy.
    const parsed = parse(feed, body);
    if (parsed.entries.length > 0) await keepCopy(config.FEED_CACHE_DIR, url, body);
    return { body, bytes: Buffer.byteLength(body), fallback: null };
  } catch (err) {
    const reason = `${url}: ${(err as Error).message}`;
    const copy = feed === 'cloud' ? await readCopy(config.FEED_CACHE_DIR, url) : null;
    if (copy === null) throw new Error(reason, { cause: err });
    return { body: copy, bytes: 0, fallback: `${reason} (used the last good copy)` };
  }
}

async function previousParsed(db: IngestDb, feed: FeedName): Promise<number | null> {
  const row = await sql<{ parsed: number }>`
    select parsed from feed_runs where feed = ${feed} and not kept_previous
    order by started_at desc, id desc limit 1
  `.execute(db);
  return row.rows[0]?.parsed ?? null;
}

export async function runFeed(
  deps: { db: IngestDb; config: FeedConfig; clock: Clock },
  feed: FeedName,
): Promise<FeedRun> {
  const sources = feedSources(deps.config)[feed];
  const startedAt = deps.clock.now();
  const run: FeedRun = {
    feed,
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    source: sources?.join(', ') ?? '',
    fetchedBytes: 0,
    parsed: 0,
    added: 0,
    removed: 0,
    unchanged: 0,
    durationMs: 0,
    keptPrevious: true,
    error: null,
  };
  try {
    if (!sources) throw new Error(`the ${feed} feed is off: no source URL is configured`);
    const notes: string[] = [];
    const parsed: ParsedFeed[] = [];
    for (const url of sources) {
      const { body, bytes, fallback } = await fetchSource(feed, url, deps.config);
      run.fetchedBytes += bytes;
      if (fallback) notes.push(fallback);
      parsed.push(parse(feed, body));
    }
    const entries = uniqueEntries(parsed.flatMap((p) => p.entries));
    run.parsed = entries.length;
    const previous = await previousParsed(deps.db, feed);
    if (previous !== null && entries.length < previous / 2) {
      throw new Error(
        `parsed ${entries.length} networks, less than half of the previous run's ${previous}: the previous data stays`,
      );
    }
    const changes = await applyFeed(deps.db, feed, entries, startedAt.toISOString().slice(0, 10));
    Object.assign(run, { added: changes.added, removed: changes.removed, unchanged: changes.unchanged });
    run.keptPrevious = false;
    const skipped = parsed.reduce((n, p) => n + p.skipped, 0);
    if (skipped > 0) notes.push(`${skipped} entries skipped (not a usable public network)`);
    run.error = notes.length > 0 ? notes.join('; ').slice(0, 1000) : null;
  } catch (err) {
    run.error = (err as Error).message.slice(0, 1000);
  }
  const finishedAt = deps.clock.now();
  run.finishedAt = finishedAt.toISOString();
  run.durationMs = Math.max(0, finishedAt.getTime() - startedAt.getTime());
  await sql`
    insert into feed_runs (feed, started_at, finished_at, source, fetched_bytes, parsed, added, removed, unchanged, kept_previous, error)
    values (${feed}, ${startedAt}, ${finishedAt}, ${run.source}, ${run.fetchedBytes}, ${run.parsed}, ${run.added},
      ${run.removed}, ${run.unchanged}, ${run.keptPrevious}, ${run.error})
  `.execute(deps.db);
  return run;
}

export const isFeedName = (value: string): value is FeedName => (FEEDS as readonly string[]).includes(value);
