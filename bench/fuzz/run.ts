/**
 * bench/fuzz: the issue 13 fuzz at scale against the built stack (tests/fuzz runs a short seeded
 * version in CI).
 *   pnpm --filter @tunnelscope/bench fuzz   (FUZZ_CASES=10000 FUZZ_SEED=<n>)
 *
 * Starts the stack (gateway + every service, own databases and Redis prefix), signs in an admin
 * and a view_only operator, makes API keys, then sends FUZZ_CASES requests generated from the
 * contracts' schemas and mutated out of them, one at a time. Prints the cases per endpoint, the
 * statuses, every failure (5xx, a leak of the server's insides, a refusal in the wrong shape, a
 * refused request that changed stored rows) and the seed that replays the run; writes
 * bench/results/fuzz-<date>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFuzz, startFuzzStack, summariseFindings } from '@tunnelscope/fuzz-tests';

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
/** Cases in flight at once (see runFuzz: a group's row change is re-checked case by case). */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const here = path.dirname(fileURLToPath(import.meta.url));

const started = Date.now();
const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
const file = path.join(here, '..', 'results', `fuzz-${stamp}.json`);
/** Written at every batch too, so a run stopped early still leaves its figures. */
const save = (report: object, done: number) =>
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        ...report,
        planned: CASES,
        done,
        seconds: (Date.now() - started) / 1000,
        date: new Date().toISOString(),
      },
      null,
      2,
    ) + '\n',
  );
const stack = await startFuzzStack('bench_fuzz');
let exitCode = 0;
// Stopped early (Ctrl-C, a timeout): the processes of the stack go too; the figures so far are saved.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stack.close().finally(() => process.exit(130));
  });
}
try {
  console.warn(
    `fuzz: seed ${SEED}, ${CASES} cases, ${CONCURRENCY} at a time, against ${stack.stack.gatewayUrl}`,
  );
  const report = await runFuzz(stack, {
    seed: SEED,
    cases: CASES,
    concurrency: CONCURRENCY,
    onProgress: (done, r) => {
      console.warn(
        `  ${done}/${CASES} cases, ${r.failures} failures, ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      save(r, done);
    },
  });
  const seconds = (Date.now() - started) / 1000;
  const out: string[] = [];
  out.push(
    `fuzz: seed ${report.seed}; ${report.cases} cases sent (${report.unsendable} not sendable by node) in ${seconds.toFixed(0)} s`,
  );
  out.push(
    `failures: ${report.failures}; ${CONCURRENCY} cases at a time; refused cases re-sent alone to place a row change: ${report.rechecks}; session repairs: ${report.sessionRepairs}`,
  );
  out.push(`tables watched for changes by refused requests: ${report.watchedTables.join(', ')}`);
  out.push('');
  out.push('cases per endpoint (refused, failures; statuses):');
  for (const [name, f] of Object.entries(report.perEndpoint)) {
    const statuses = Object.entries(f.statuses)
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    out.push(
      `  ${name.padEnd(28)} ${String(f.cases).padStart(5)}  (${f.refused} refused, ${f.failures} failures; ${statuses})`,
    );
  }
  out.push('');
  out.push(report.findings.length ? 'findings:' : 'findings: none');
  out.push(...summariseFindings(report.findings));
  console.warn(out.join('\n'));

  save(report, report.cases + report.unsendable);
  console.warn(`written: ${path.relative(process.cwd(), file)}`);
  if (report.failures > 0) exitCode = 1;
} finally {
  await stack.close();
}
process.exit(exitCode);
