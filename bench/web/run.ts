/**
 * bench/web: what the public site costs a visitor.
 *   pnpm turbo run build --filter @tunnelscope/gateway... --filter @tunnelscope/public-web...
 *   pnpm --filter @tunnelscope/bench web
 *   knobs: BENCH_WEB_PRESETS=desktop,mobile  BENCH_WEB_ROUTES=/,/waitlist (default: every public
 *   route)  BENCH_WEB_RUNS=3  BENCH_WEB_SKIP_LIGHTHOUSE=1  BENCH_WEB_RESUME=bench/results/web-….partial.json
 *   PUBLIC_WEB_DIST=<a copy of apps/public-web/dist> (so a rebuild meanwhile cannot change what is measured)
 *
 * It builds nothing itself. It starts the built gateway alone (node gateway/dist/server.js) on a
 * free port, with a stand-in analytics upstream that answers GET /api/stats with the fallback
 * figures (so the home page's one API call succeeds, as it does in production); every other
 * upstream points at a closed port. Then:
 *   (a) loads / in Debian's chromium (playwright-core) and lists every JS and CSS response the home
 *       route loads before the network is idle, each with its gzip -9 size and the size the gateway
 *       actually sent, split into the initial JavaScript (index.html's script and modulepreloads)
 *       and the lazy chunks (a prerendered page inlines its CSS and lists its initial JavaScript for
 *       the loader that starts it after the first paint: that list counts as initial), against the
 *       170 KB gzip budget for the initial JavaScript; then it
 *       scrolls through the page and lists what loads on the way (the globe's three.js chunk);
 *   (b) runs Lighthouse (the npm package, programmatic API, chrome-launcher on /usr/bin/chromium)
 *       BENCH_WEB_RUNS times (default 3) on every public route with the desktop and mobile
 *       presets, each run in a fresh browser, and prints a table of the median performance,
 *       accessibility, best-practices and SEO scores of each route × preset against the targets
 *       (issue 15: mobile performance ≥ 95, desktop 100, the other three 100).
 * Each finished route × preset is written to bench/results/web-<time>.partial.json as it lands;
 * BENCH_WEB_RESUME=<that file> skips what it holds (a run cut short resumes where it stopped).
 * The figures are printed and saved as JSON in bench/results/web-<time>.json, with the machine's
 * load average beside each run (Lighthouse's performance score drops on a loaded machine).
 */
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { PUBLIC_ROUTES } from '@tunnelscope/contracts';
import { freePort } from '@tunnelscope/test-kit';

// Entry points are resolved through each package's declared exports, never by a path into its dist/.
const resolvePackage = createRequire(import.meta.url).resolve;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The toolchain notes (design TOOLCHAIN.md): the flags Debian's chromium needs on these machines. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The budget for the home route's initial JavaScript, gzip. 1 KB = 1000 bytes here (the stricter reading). */
const JS_BUDGET_BYTES = 170_000;
const PRESETS = (process.env.BENCH_WEB_PRESETS ?? 'desktop,mobile').split(',').filter(Boolean) as (
  'desktop' | 'mobile'
)[];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const ROUTES = (process.env.BENCH_WEB_ROUTES ?? PUBLIC_ROUTES.join(',')).split(',').filter(Boolean);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
/** Issue 15's targets: the median of the runs must reach them. */
const TARGETS: Record<'desktop' | 'mobile', Record<(typeof CATEGORIES)[number], number>> = {
  desktop: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  mobile: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Answers GET /api/stats like analytics-service does without its IP database (the fallbacks). */
async function startStatsStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/api/stats')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          ipsTracked: '200K+',
          vendorsSupported: '70+',
          accuracyRate: '99.7%',
          updateRate: '12H',
        }),
      );
      return;
    }
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function startGateway(analyticsUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const entry = resolvePackage('@tunnelscope/gateway/server');
  const publicDist = process.env.PUBLIC_WEB_DIST ?? path.join(repoRoot, 'apps/public-web/dist');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(publicDist, 'index.html'))) {
    throw new Error('Run `pnpm build` first: gateway/dist or apps/public-web/dist is missing.');
  }
  if (!fs.existsSync(path.join(publicDist, '.pages/routes.json'))) {
    console.warn('apps/public-web/dist has no prerendered pages (dist/.pages): every route gets index.html');
  }
  const port = await freePort();
  const closed = `http://127.0.0.1:${await freePort()}`; // nothing listens there
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      // Production refuses a prefix published in the repository and Turnstile's test keys: fresh
      // values each run (the widget never loads on the routes measured before a submit).
      ADMIN_PATH_HEX: randomBytes(16).toString('hex'),
      TURNSTILE_SITE_KEY: `0x4AAAAAAA${randomBytes(8).toString('hex')}`,
      INTERNAL_SHARED_SECRET: `bench-web-${Date.now()}-internal-secret-0123456789`,
      FORMS_SERVICE_URL: closed,
      AUTH_SERVICE_URL: closed,
      ANALYTICS_SERVICE_URL: analyticsUrl,
      // A private copy of the build (cp -r apps/public-web/dist …) keeps a rebuild from pulling the pages away.
      ...(process.env.PUBLIC_WEB_DIST ? { PUBLIC_WEB_DIST: process.env.PUBLIC_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}):\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`gateway did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

/** When the home route fetched a file. */
type LoadPhase = 'initial' | 'before-idle' | 'on-scroll';

interface Asset {
  path: string;
  type: 'js' | 'css';
  /**
   * initial: index.html asks for it (entry script, modulepreloads, stylesheets); before-idle: a
   * dynamic import fetched before the network went idle; on-scroll: fetched only once the visitor
   * scrolled through the page (the globe's chunk loads when it nears the viewport).
   */
  phase: LoadPhase;
  rawBytes: number;
  gzip9Bytes: number;
  servedEncoding: string;
  servedBytes: number;
}

const PHASE_ORDER: Record<LoadPhase, number> = { initial: 0, 'before-idle': 1, 'on-scroll': 2 };

/** (a) Every JS and CSS file the home route loads, when it loads it, and its sizes. */
async function measureHome(baseUrl: string): Promise<Asset[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pending: Promise<Omit<Asset, 'phase'> & { scrolled: boolean }>[] = [];
    let scrolled = false;
    page.on('response', (res) => {
      const kind = res.request().resourceType();
      if (kind !== 'script' && kind !== 'stylesheet') return;
      const afterScroll = scrolled;
      pending.push(
        (async () => {
          const body = await res.body();
          const sizes = await res
            .request()
            .sizes()
            .catch(() => null);
          const headers = await res.allHeaders();
          return {
            path: new URL(res.url()).pathname,
            type: kind === 'script' ? ('js' as const) : ('css' as const),
            scrolled: afterScroll,
            rawBytes: body.length,
            gzip9Bytes: gzipSync(body, { level: 9 }).length,
            servedEncoding: headers['content-encoding'] ?? 'identity',
            servedBytes: sizes?.responseBodySize ?? body.length,
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    // Then scroll through the page as a reader would, so the lazy parts load.
    scrolled = true;
    // (A string, run in the page: this package is typed for Node, without the DOM library.)
    await page.evaluate(`(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
    })()`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);

    // What the page asks for up front: the entry script, its modulepreloads and stylesheets — as
    // tags, or (a prerendered page) in the `ts-app` list its loader starts after the first paint.
    const html = await (await fetch(`${baseUrl}/`)).text();
    const listed = /<meta name="ts-app" content="([^"]*)">/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
    const upfront = new Set(
      [
        ...[...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.(?:js|css))"/g)].map(
          (m) => m[1]!,
        ),
        ...listed,
      ].map((src) => new URL(src, baseUrl).pathname),
    );
    const assets: Asset[] = (await Promise.all(pending)).map(({ scrolled: late, ...a }) => ({
      ...a,
      phase: upfront.has(a.path) ? 'initial' : late ? 'on-scroll' : 'before-idle',
    }));
    assets.sort(
      (a, b) =>
        PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] ||
        a.type.localeCompare(b.type) ||
        b.gzip9Bytes - a.gzip9Bytes,
    );
    await context.close();
    return assets;
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  route: string;
  preset: 'desktop' | 'mobile';
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<string, string | undefined>;
  /** Audits that cost points (below 1; performance metrics below 0.9), per category, with Lighthouse's title. */
  failing: Record<string, string[]>;
  /** For failing accessibility, best-practices and SEO audits: the elements Lighthouse names. */
  elements: Record<string, string[]>;
}

interface NodeItem {
  node?: { snippet?: string; selector?: string; explanation?: string };
  /** inspector-issues: the kind of issue Chrome's DevTools logged, with the requests or sources it names. */
  issueType?: string;
  subItems?: { items?: Record<string, unknown>[] };
}

/** What an audit's item names: an element, or (inspector-issues) the issue and what it concerns. */
function describeItem(i: NodeItem): string | undefined {
  if (i.node) {
    return `${i.node.selector ?? ''} ${i.node.snippet ?? ''}${i.node.explanation ? ` — ${i.node.explanation.split('\n')[1]?.trim() ?? ''}` : ''}`;
  }
  if (i.issueType) return `${i.issueType}: ${JSON.stringify(i.subItems?.items ?? [])}`;
  return undefined;
}

function summarizeLhr(lhr: Result, route: string, preset: 'desktop' | 'mobile'): LighthouseRun {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100),
    ]),
  ) as LighthouseRun['scores'];
  const metrics: Record<string, string | undefined> = {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    metrics[id] = lhr.audits[id]?.displayValue;
  }
  const failing: Record<string, string[]> = {};
  for (const c of CATEGORIES) {
    const refs = lhr.categories[c]?.auditRefs ?? [];
    failing[c] = refs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a): a is NonNullable<typeof a> =>
          !!a &&
          a.score !== null &&
          a.score < (c === 'performance' ? 0.9 : 1) &&
          a.scoreDisplayMode !== 'informative',
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}: ${a.title}`);
  }
  const elements: Record<string, string[]> = {};
  for (const c of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      const items = ((audit.details as { items?: NodeItem[] } | undefined)?.items ?? [])
        .map(describeItem)
        .filter((text): text is string => text !== undefined);
      if (items.length === 0) continue;
      elements[ref.id] = items;
    }
  }
  return { route, preset, scores, metrics, failing, elements };
}

/** One Lighthouse run in a fresh chromium with a fresh profile. */
async function lighthouseOnce(url: string, preset: 'desktop' | 'mobile'): Promise<Result> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** One route × preset: every run and the medians. */
interface RouteResult {
  route: string;
  preset: 'desktop' | 'mobile';
  /** Median of the runs per category (the upper middle value for an even count). */
  median: LighthouseRun['scores'];
  atTarget: boolean;
  runs: (LighthouseRun & { loadAverage1m: number })[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianScores(runs: LighthouseRun[]): LighthouseRun['scores'] {
  return Object.fromEntries(
    CATEGORIES.map((c) => {
      const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== null);
      return [c, values.length ? median(values) : null];
    }),
  ) as LighthouseRun['scores'];
}

const atTarget = (preset: 'desktop' | 'mobile', scores: LighthouseRun['scores']) =>
  CATEGORIES.every((c) => (scores[c] ?? 0) >= TARGETS[preset][c]);

/** One Lighthouse run, once more in a fresh browser if it fails (NO_FCP on a loaded machine). */
async function lighthouseWithRetry(url: string, route: string, preset: 'desktop' | 'mobile') {
  for (let attempt = 1; ; attempt++) {
    try {
      return summarizeLhr(await lighthouseOnce(url, preset), route, preset);
    } catch (err) {
      if (attempt >= 2) throw err;
      console.warn(`  ${preset} ${route}: ${(err as Error).message}; trying once more`);
    }
  }
}

/**
 * (b) Lighthouse RUNS times on each route and preset, in a fresh chromium each time. Every
 * finished route × preset goes into `partialFile` at once; those already in `done` are skipped.
 */
async function runLighthouse(
  baseUrl: string,
  done: RouteResult[],
  partialFile: string,
): Promise<RouteResult[]> {
  const results = [...done];
  for (const preset of PRESETS) {
    for (const route of ROUTES) {
      if (results.some((r) => r.route === route && r.preset === preset)) {
        console.log(
          `  ${preset.padEnd(7)} ${route.padEnd(15)} (from ${path.relative(repoRoot, partialFile)})`,
        );
        continue;
      }
      const runs: RouteResult['runs'] = [];
      for (let i = 0; i < RUNS; i++) {
        const loadAverage1m = Number(os.loadavg()[0]!.toFixed(2));
        const r = await lighthouseWithRetry(`${baseUrl}${route}`, route, preset);
        runs.push({ ...r, loadAverage1m });
        console.log(
          `  ${preset.padEnd(7)} ${route.padEnd(15)} run ${i + 1}/${RUNS}  ` +
            CATEGORIES.map((c) => `${c} ${r.scores[c] ?? '–'}`).join('  ') +
            `   (FCP ${r.metrics['first-contentful-paint']}, LCP ${r.metrics['largest-contentful-paint']}, TBT ${r.metrics['total-blocking-time']}, CLS ${r.metrics['cumulative-layout-shift']}; load ${loadAverage1m})`,
        );
      }
      const scores = medianScores(runs);
      results.push({ route, preset, median: scores, atTarget: atTarget(preset, scores), runs });
      fs.writeFileSync(partialFile, JSON.stringify({ lighthouse: results }, null, 2));
    }
  }
  return results;
}

/** The table of medians: one row per route, a column group per preset; `*` marks a figure under its target. */
function printTable(results: RouteResult[]) {
  const cell = (r: RouteResult | undefined, c: (typeof CATEGORIES)[number]) => {
    const v = r?.median[c];
    if (v == null) return '–'.padStart(5);
    return `${v}${v < TARGETS[r!.preset][c] ? '*' : ' '}`.padStart(5);
  };
  const short = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' } as const;
  const head = PRESETS.map((p) => `${p.padEnd(23)}`).join(' | ');
  console.log(`
  median of ${RUNS} run(s) per route × preset (* = under target: mobile perf 95, else 100)`);
  console.log(`  ${'route'.padEnd(15)} | ${head}`);
  console.log(
    `  ${''.padEnd(15)} | ${PRESETS.map(() => CATEGORIES.map((c) => short[c].padStart(5)).join(' ')).join(' | ')}`,
  );
  for (const route of ROUTES) {
    const row = PRESETS.map((p) =>
      CATEGORIES.map((c) =>
        cell(
          results.find((r) => r.route === route && r.preset === p),
          c,
        ),
      ).join(' '),
    );
    console.log(`  ${route.padEnd(15)} | ${row.join(' | ')}`);
  }
  const missed = results.filter((r) => !r.atTarget);
  console.log(
    missed.length === 0
      ? `  every route × preset at target`
      : `  under target: ${missed.map((r) => `${r.preset} ${r.route}`).join(', ')}`,
  );
}

async function main() {
  const standIn = await startStatsStandIn();
  const gateway = await startGateway(standIn.url);
  try {
    console.log(`gateway (built, alone) at ${gateway.url}\n`);
    console.log(
      '(a) JS and CSS the home route loads, up front, before network idle and on scrolling ' +
        '(gzip -9 by zlib; served = bytes on the wire)',
    );
    const assets = await measureHome(gateway.url);
    for (const a of assets) {
      console.log(
        `  ${a.phase.padEnd(11)} ${a.type.padEnd(3)} ${a.path.padEnd(44)} raw ${kb(a.rawBytes).padStart(9)}  gzip-9 ${kb(
          a.gzip9Bytes,
        ).padStart(8)}  served ${a.servedEncoding} ${kb(a.servedBytes)}`,
      );
    }
    const sum = (list: Asset[]) => list.reduce((n, a) => n + a.gzip9Bytes, 0);
    const js = assets.filter((a) => a.type === 'js');
    const totals = {
      initialJsGzip: sum(js.filter((a) => a.phase === 'initial')),
      beforeIdleJsGzip: sum(js.filter((a) => a.phase === 'before-idle')),
      onScrollJsGzip: sum(js.filter((a) => a.phase === 'on-scroll')),
      cssGzip: sum(assets.filter((a) => a.type === 'css')),
      withinBudget: false,
    };
    totals.withinBudget = totals.initialJsGzip <= JS_BUDGET_BYTES;
    console.log(
      `\n  initial JS ${kb(totals.initialJsGzip)} gzip — ${totals.withinBudget ? 'within' : 'OVER'} the ${kb(
        JS_BUDGET_BYTES,
      )} budget` +
        `\n  + lazy JS before idle ${kb(totals.beforeIdleJsGzip)} = ${kb(totals.initialJsGzip + totals.beforeIdleJsGzip)} before idle` +
        `\n  + JS loaded on scrolling (globe) ${kb(totals.onScrollJsGzip)}; CSS ${kb(totals.cssGzip)}\n`,
    );

    const resultsDir = path.join(repoRoot, 'bench/results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
    const resumeFrom = process.env.BENCH_WEB_RESUME;
    const partialFile = resumeFrom
      ? path.resolve(repoRoot, resumeFrom)
      : path.join(resultsDir, `web-${stamp}.partial.json`);
    const done: RouteResult[] = resumeFrom
      ? (JSON.parse(fs.readFileSync(partialFile, 'utf8')) as { lighthouse: RouteResult[] }).lighthouse
      : [];

    let lighthouseResults: RouteResult[] = [];
    if (!process.env.BENCH_WEB_SKIP_LIGHTHOUSE) {
      console.log(`(b) Lighthouse ${PRESETS.join(' + ')} × ${RUNS} on ${ROUTES.join(', ')}`);
      lighthouseResults = await runLighthouse(gateway.url, done, partialFile);
      for (const result of lighthouseResults) {
        // What costs points, from each route × preset's last run.
        const run = result.runs[result.runs.length - 1]!;
        const lost = Object.entries(run.failing).filter(([, audits]) => audits.length > 0);
        for (const [category, audits] of lost) {
          console.log(`    ${run.preset} ${run.route} ${category} loses on: ${audits.join('; ')}`);
        }
        for (const [audit, nodes] of Object.entries(run.elements)) {
          // One line per distinct finding (e.g. each colour pair of color-contrast), with a count.
          const byFinding = new Map<string, number>();
          for (const node of nodes) {
            const finding = node.split(' — ')[1] ?? node;
            byFinding.set(finding, (byFinding.get(finding) ?? 0) + 1);
          }
          for (const [finding, count] of byFinding) console.log(`      ${audit} ×${count}: ${finding}`);
        }
      }
      printTable(lighthouseResults);
    }

    const file = path.join(resultsDir, `web-${stamp}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          when: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version, loadAverageAtEnd: os.loadavg() },
          runsPerRoute: RUNS,
          targets: TARGETS,
          budgetBytes: JS_BUDGET_BYTES,
          totals,
          assets,
          lighthouse: lighthouseResults,
        },
        null,
        2,
      ),
    );
    if (fs.existsSync(partialFile) && !process.env.BENCH_WEB_SKIP_LIGHTHOUSE) fs.rmSync(partialFile);
    console.log(`\nsaved ${path.relative(repoRoot, file)}`);
  } finally {
    const exited = new Promise((r) => gateway.child.once('exit', r));
    gateway.child.kill('SIGTERM');
    await exited;
    await standIn.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
