/**
 * `pnpm feeds:run [--feed tor|relay|cloud]`: runs the configured feeds now (or one) and prints each
 * run's log row as JSON. Exit codes: 0 every run applied, 1 a run kept the previous data (failed,
 * off, or less than half of the previous run), 2 bad arguments or configuration.
 */
import { parseArgs } from 'node:util';
import { FEEDS, type FeedName } from '@tunnelscope/contracts';
import { createDb, systemClock } from '@tunnelscope/service-kit';
import { parseCliConfig } from '../config.js';
import type { IngestDatabase } from '../db/schema.js';
import { feedSources, isFeedName, runFeed } from '../feeds/feed-runner.js';

const USAGE = 'Usage: pnpm feeds:run [--feed tor|relay|cloud]';

let feedArg: string | undefined;
try {
  ({
    values: { feed: feedArg },
  } = parseArgs({ options: { feed: { type: 'string' } }, strict: true, allowPositionals: false }));
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (feedArg !== undefined && !isFeedName(feedArg)) {
  process.stderr.write(`--feed must be one of ${FEEDS.join(', ')}\n${USAGE}\n`);
  process.exit(2);
}
const parsed = parseCliConfig();
if (!parsed.success) {
  process.stderr.write(
    `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`,
  );
  process.exit(2);
}
const config = parsed.data;
const sources = feedSources(config);
const feeds: FeedName[] = feedArg ? [feedArg as FeedName] : FEEDS.filter((f) => sources[f]);
if (feeds.length === 0) {
  process.stderr.write('No feed is on: set FEED_TOR_URL, FEED_RELAY_URL or FEED_CLOUD_URLS.\n');
  process.exit(1);
}
const db = createDb<IngestDatabase>(config.IPDB_URL, { max: 1, applicationName: 'ingest-feeds-cli' });
let failed = false;
try {
  for (const feed of feeds) {
    const run = await runFeed({ db, config, clock: systemClock }, feed);
    failed ||= run.keptPrevious;
    process.stdout.write(`${JSON.stringify(run)}\n`);
  }
} finally {
  await db.destroy();
}
process.exitCode = failed ? 1 : 0;
