#!/usr/bin/env node
/**
 * pnpm ipdb:generate --scale small|large [--seed N] [--url postgres://…] [--as-of YYYY-MM-DD]
 *
 * Replaces the contents of the IP database (IPDB_URL by default) with a generated dataset. The
 * schema comes from the IP database's migrations (packages/ipdb-schema), run first as
 * `pnpm db:migrate` would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrate } from '@tunnelscope/ipdb-schema';
import { loadConfig } from './config.js';
import { generateDataset } from './generate.js';
import { isScaleName, SCALES } from './scale.js';
import { sourcePackages } from './sources.js';
import { parseDate } from './timeline.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const USAGE =
  'usage: pnpm ipdb:generate --scale small|large [--seed N] [--url postgres://…] [--as-of YYYY-MM-DD] [--force]';

function fail(message: string): never {
  console.error(`ipdb:generate: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (fs.existsSync(path.join(repoRoot, '.env'))) process.loadEnvFile(path.join(repoRoot, '.env'));
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      seed: { type: 'string', default: '42' },
      url: { type: 'string' },
      'as-of': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const config = loadConfig();
  if (values.help) {
    say(USAGE);
    return;
  }
  if (!values.scale || !isScaleName(values.scale)) fail('--scale must be small or large');
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)
    fail('--seed must be an integer from 0 to 4294967295');
  const url = values.url ?? config.ipdbUrl;
  if (!/^postgres(ql)?:\/\//.test(url)) fail('--url must be a postgres:// URL');
  let asOf: Date | undefined;
  try {
    asOf = values['as-of'] ? parseDate(values['as-of']) : undefined;
  } catch (err) {
    fail((err as Error).message);
  }
  if (config.production && !values.force) {
    fail('NODE_ENV is production: this replaces every row of the IP database; add --force if you mean it');
  }

  const scale = SCALES[values.scale];
  const target = new URL(url);
  say(`ipdb:generate: ${scale.name} dataset, seed ${seed}, into ${target.host}${target.pathname}`);
  for (const p of sourcePackages()) say(`  data: ${p.name}@${p.version} (${p.license})`);
  const report = await generateDataset({
    url,
    scale,
    seed,
    asOf,
    migrate,
    log: (line) => say(`  ${line}`),
  });
  const total = Object.values(report.rows).reduce((a, b) => a + b, 0);
  say(
    `ipdb:generate: ${total.toLocaleString('en-US')} rows in ${(report.timings.totalMs / 1000).toFixed(1)} s, ` +
      `peak memory ${report.peakRssMb} MB (reference date ${report.asOf})`,
  );
  for (const [table, n] of Object.entries(report.rows))
    say(`  ${table.padEnd(18)} ${n.toLocaleString('en-US')}`);
  if (config.reportPath) {
    fs.writeFileSync(config.reportPath, `${JSON.stringify(report, null, 2)}\n`);
  }
}

main().catch((err: unknown) => {
  console.error(`ipdb:generate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
