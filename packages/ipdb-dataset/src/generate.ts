/**
 * Builds the IP database: reads the real data, plans the dataset, and loads it in one
 * transaction (truncate, COPY every table, re-create indexes and constraints, ANALYZE, refresh
 * the analytics views).
 */
import pg from 'pg';
import { buildPlan, type Plan, type Sources } from './plan.js';
import {
  advanceSequences,
  assertSchema,
  copyRows,
  dropDdl,
  readDdl,
  restoreDdl,
  TABLES,
  truncateAll,
} from './load.js';
import {
  createContext,
  historyRows,
  ipRows,
  ispRows,
  networkRows,
  subdomainChance,
  subdomainHistoryRows,
  subdomainRows,
  vendorRows,
  vpnRows,
  type DatasetContext,
  type TableRows,
} from './rows.js';
import type { ScaleConfig } from './scale.js';
import { loadAsnTable, loadCountryTable, openCityLookup } from './sources.js';
import { loadIpv6Sources } from './ipv6.js';
import { Timeline, todayUtc } from './timeline.js';

export interface GenerateOptions {
  url: string;
  scale: ScaleConfig;
  seed: number;
  /** The last day of the 24 months (default: today, UTC). */
  asOf?: Date;
  /** Creates the database and its schema (`migrate` of @tunnelscope/ipdb-schema); else it must exist. */
  migrate?: (url: string) => Promise<void>;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
  /** Already loaded sources (tests share one load between suites). */
  sources?: Sources;
}

export interface GenerateReport {
  scale: string;
  seed: number;
  asOf: string;
  rows: Record<(typeof TABLES)[number], number>;
  /** The IP database's data version after this generation (bumped once, at the end). */
  dataVersion: number;
  timings: {
    sourcesMs: number;
    planMs: number;
    copyMs: Record<string, number>;
    indexesMs: number;
    analyzeMs: number;
    refreshMs: number;
    refreshSteps: { step: string; ms: number }[];
    totalMs: number;
  };
  /** Peak resident memory of this process so far, in MB. */
  peakRssMb: number;
}

export function loadSources(): Sources {
  return {
    asn: loadAsnTable(),
    country: loadCountryTable(),
    city: openCityLookup(),
    ipv6: loadIpv6Sources(),
  };
}

/** Planning plus every table's rows, in the order the loader writes them. */
export function datasetTables(ctx: DatasetContext): {
  small: TableRows[];
  /** Each created lazily: the subdomain passes need the count from the `ips` pass. */
  passes: (() => TableRows)[];
} {
  const scale = ctx.plan.scale;
  let ips: ReturnType<typeof ipRows> | undefined;
  return {
    small: [vendorRows(ctx), vpnRows(ctx), ispRows(ctx), networkRows(ctx)],
    passes: [
      () => (ips = ipRows(ctx)),
      () => historyRows(ctx),
      () => {
        ctx.model.subdomainChance = subdomainChance(scale.subdomains, ips?.vpnStretches ?? 0);
        return subdomainRows(ctx);
      },
      () => subdomainHistoryRows(ctx),
    ],
  };
}

const elapsed = (since: number) => Math.round(performance.now() - since);

export async function generateDataset(opts: GenerateOptions): Promise<GenerateReport> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const asOf = opts.asOf ?? todayUtc();
  const timeline = new Timeline(asOf, opts.scale.months);

  let t = performance.now();
  const sources = opts.sources ?? loadSources();
  const sourcesMs = elapsed(t);
  log(`sources read in ${sourcesMs} ms`);

  t = performance.now();
  const plan: Plan = buildPlan(sources, opts.scale, opts.seed);
  const planMs = elapsed(t);
  log(
    `planned ${plan.addresses.length} addresses, ${plan.fleets.length} VPNs of ${plan.vendors.length} vendors ` +
      `on ${plan.hosting.length} hosting networks in ${planMs} ms`,
  );
  const ctx = createContext(plan, timeline, sources.asn, sources.country);

  if (opts.migrate) await opts.migrate(opts.url);
  const client = new pg.Client({ connectionString: opts.url, application_name: 'ipdb-dataset' });
  await client.connect();
  const rows = Object.fromEntries(TABLES.map((name) => [name, 0])) as GenerateReport['rows'];
  const copyMs: Record<string, number> = {};
  let indexesMs: number;
  let analyzeMs: number;
  let refreshMs: number;
  let refreshSteps: { step: string; ms: number }[];
  let dataVersion: number;
  try {
    await client.query(`set statement_timeout = 0`);
    await client.query(`set lock_timeout = '30s'`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set synchronous_commit = off`);
    await assertSchema(client);
    await client.query('begin');
    const ddl = await readDdl(client);
    await dropDdl(client, ddl);
    await truncateAll(client);

    const { small, passes } = datasetTables(ctx);
    for (const next of [...small.map((s) => () => s), ...passes]) {
      const table = next();
      t = performance.now();
      rows[table.table] = await copyRows(client, table);
      copyMs[table.table] = elapsed(t);
      log(`${table.table}: ${rows[table.table]} rows in ${copyMs[table.table]} ms`);
    }

    t = performance.now();
    await restoreDdl(client, ddl, (statement, ms) => {
      if (ms > 1000) log(`  ${Math.round(ms)} ms: ${statement.slice(0, 110)}`);
    });
    await advanceSequences(client);
    indexesMs = elapsed(t);
    log(`indexes and constraints re-created in ${indexesMs} ms`);

    t = performance.now();
    for (const table of TABLES) await client.query(`analyze ${table}`);
    analyzeMs = elapsed(t);
    log(`analyzed in ${analyzeMs} ms`);

    t = performance.now();
    const refreshed = await client.query<{ step: string; ms: number }>(
      `select step, ms from ipdb_refresh_analytics(false, 'ipdb-dataset')`,
    );
    refreshMs = elapsed(t);
    refreshSteps = refreshed.rows;
    log(
      `analytics views refreshed in ${refreshMs} ms (${refreshSteps.map((s) => `${s.step} ${s.ms}`).join(', ')})`,
    );

    // Last, in the same transaction: the lookup replicas rebuild their index when this changes,
    // and see the new rows and the new version together. Any other loader of addresses must do
    // the same (packages/ipdb-schema's data_version migration).
    const bumped = await client.query<{ version: string }>(
      `update data_version set version = version + 1, changed_at = now() where id = 1 returning version::text as version`,
    );
    dataVersion = Number(bumped.rows[0]?.version ?? 0);
    log(`data version ${dataVersion}`);

    t = performance.now();
    await client.query('commit');
    log(`committed in ${elapsed(t)} ms`);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  return {
    scale: opts.scale.name,
    seed: opts.seed,
    asOf: timeline.asOf.toISOString().slice(0, 10),
    rows,
    dataVersion,
    timings: {
      sourcesMs,
      planMs,
      copyMs,
      indexesMs,
      analyzeMs,
      refreshMs,
      refreshSteps,
      totalMs: elapsed(started),
    },
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}
