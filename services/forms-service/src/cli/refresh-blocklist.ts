/**
 * Refreshes the disposable-domain blocklist once and prints each run.
 *   pnpm --filter @tunnelscope/forms-service blocklist:refresh [source ...]
 * Sources are `package` or http(s) URLs; without arguments BLOCKLIST_SOURCES is used.
 */
import { createDb } from '@tunnelscope/service-kit';
import { refreshBlocklist } from '../blocklist/blocklist-service.js';
import { loadConfig, parseBlocklistSources } from '../config.js';
import type { FormsDatabase } from '../db/schema.js';

const config = loadConfig();
const args = process.argv.slice(2);
const sources = args.length > 0 ? parseBlocklistSources(args.join(',')) : config.BLOCKLIST_SOURCES;
const db = createDb<FormsDatabase>(config.DATABASE_URL, {
  max: 2,
  applicationName: 'forms-blocklist-refresh',
});
try {
  const runs = await refreshBlocklist(db, sources);
  for (const run of runs) {
    const outcome = run.success
      ? `+${run.added} -${run.removed} = ${run.total} domains`
      : `FAILED: ${run.error ?? 'unknown error'} (kept ${run.total} domains)`;
    process.stdout.write(`${run.source} (${run.url}): ${outcome} in ${run.executionTimeMs} ms\n`);
  }
  process.exitCode = runs.every((r) => r.success) ? 0 : 1;
} finally {
  await db.destroy();
}
