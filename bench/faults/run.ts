/**
 * bench/faults: issue 13 item 17 at length. The built stack on a PostgreSQL, an IP-database
 * PostgreSQL and a Redis of its own (never the machine's shared ones), then, mid-traffic:
 * mailer-worker SIGKILLed with 200 mails queued, Redis (AOF) restarted, PostgreSQL stopped and
 * started, the IP database stopped. Prints a table and saves the figures as JSON.
 *   pnpm --filter @tunnelscope/bench faults      (BENCH_FAULT_OUTAGE_SECONDS=20 BENCH_FAULT_MAILS=200)
 * Run `pnpm build` first; tests/faults runs the same scenarios short in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  killMailerWorker,
  restartPostgres,
  restartRedis,
  startFaultStack,
  stopIpDatabase,
  type FaultReport,
} from '@tunnelscope/faults-tests';

const OUTAGE_MS = Number(process.env.BENCH_FAULT_OUTAGE_SECONDS ?? 20) * 1000;
const MAILS = Number(process.env.BENCH_FAULT_MAILS ?? 200);
const here = path.dirname(fileURLToPath(import.meta.url));

const fmtStatuses = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ') || '-';

function table(reports: FaultReport[]): string[] {
  const head = [
    'fault',
    'outage s',
    'requests',
    'failed',
    'statuses',
    'off-shape',
    'slowest fail ms',
    'recovery s',
    'exits',
  ];
  const rows = reports.map((r) => [
    r.fault,
    String(r.outageSeconds),
    String(r.requests),
    String(r.failed),
    fmtStatuses(r.statuses),
    String(r.undocumentedCount),
    String(r.slowestFailureMs),
    r.recoverySeconds === null ? 'never' : String(r.recoverySeconds),
    r.unexpectedExits.map((e) => `${e.name}(${e.code ?? e.signal})`).join(',') || 'none',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const out = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''];
  for (const r of reports) {
    out.push(`${r.fault}:`);
    for (const [probe, f] of Object.entries(r.perProbe))
      out.push(`  ${probe}: ${f.requests} requests, ${f.failed} failed (${fmtStatuses(f.statuses)})`);
    for (const [k, v] of Object.entries(r.extra)) out.push(`  ${k}: ${JSON.stringify(v)}`);
    for (const o of r.undocumented) out.push(`  off-shape: ${o.probe} ${o.status} ${o.detail ?? ''}`);
  }
  return out;
}

const started = new Date();
const faults = await startFaultStack('bench');
const reports: FaultReport[] = [];
try {
  reports.push(await killMailerWorker(faults, { mails: MAILS }));
  reports.push(await restartRedis(faults, { outageMs: OUTAGE_MS }));
  reports.push(await restartPostgres(faults, { outageMs: OUTAGE_MS }));
  reports.push(await stopIpDatabase(faults, { outageMs: OUTAGE_MS }));
} finally {
  await faults.close();
}
const lines = table(reports);
console.log(lines.join('\n'));
const stamp = started.toISOString().replace(/[:T]/g, '-').slice(0, 19);
const file = path.join(here, '../results', `faults-${stamp}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ startedAt: started.toISOString(), outageSeconds: OUTAGE_MS / 1000, mails: MAILS, reports }, null, 2)}\n`,
);
console.log(`saved ${path.relative(process.cwd(), file)}`);
