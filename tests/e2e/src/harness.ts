import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack, type Stack } from '@tunnelscope/stack-tests';
import { repoRoot } from '@tunnelscope/test-kit';
import { E2EBrowser } from './browser.js';

export interface E2E {
  readonly stack: Stack;
  readonly browser: E2EBrowser;
  readonly baseUrl: string;
  /** A query on the stack's application database (to check what a flow stored). */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
}

/**
 * A private copy of the built public site for one test file, so a rebuild of apps/public-web
 * while the tests run (vite empties dist/ first) cannot pull the pages out from under them. The
 * copy is taken only when index.html and every file it references are in place.
 */
async function snapshotDist(app: 'public-web' | 'admin-web'): Promise<string> {
  const dist = path.join(repoRoot, `apps/${app}/dist`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const index = path.join(dist, 'index.html');
    if (fs.existsSync(index)) {
      const html = fs.readFileSync(index, 'utf8');
      // Absolute (public) or relative (admin, under its <base href>) asset references.
      const refs = [
        ...html.matchAll(/(?:src|href)="(?:\/|\.\/)(assets\/[^"]+|[^"/][^"]*\.(?:js|css|svg))"/g),
      ].map((m) => m[1]!);
      // The public site's build ends with its prerender, which writes .pages/routes.json last.
      const complete = app === 'admin-web' || fs.existsSync(path.join(dist, '.pages/routes.json'));
      if (complete && refs.every((ref) => fs.existsSync(path.join(dist, ref)))) {
        const copy = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${app}-`));
        fs.cpSync(dist, copy, { recursive: true });
        if (fs.readFileSync(path.join(copy, 'index.html'), 'utf8') === html) return copy;
        fs.rmSync(copy, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`${dist} is missing or incomplete: run \`pnpm build\` first`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/**
 * Per test file: the built stack (gateway, forms-service, analytics-service, mailer-worker, its own
 * database, Redis prefix and SMTP sink) and one Chromium, started in beforeAll and closed in
 * afterAll. After each test the pages it opened are closed and any console or page error fails it.
 *
 * The per-address rate limits are raised: every page of every test comes from 127.0.0.1, and the
 * limits themselves are covered by the services' own tests.
 */
export function useE2E(label: string): E2E {
  let stack: Stack | undefined;
  let browser: E2EBrowser | undefined;
  let publicDist: string | undefined;
  let adminDist: string | undefined;

  beforeAll(async () => {
    browser = await E2EBrowser.launch();
    publicDist = await snapshotDist('public-web');
    adminDist = await snapshotDist('admin-web');
    stack = await startStack({
      label: `e2e_${label}`,
      env: {
        PUBLIC_WEB_DIST: publicDist,
        ADMIN_WEB_DIST: adminDist,
        RATE_LIMIT_FORM_PER_MIN: '100',
        RATE_LIMIT_OTP_PER_MIN: '100',
        RATE_LIMIT_EMAIL_CHECK_PER_MIN: '200',
        RATE_LIMIT_SECURITY_LOG_PER_MIN: '500',
        RATE_LIMIT_STATS_PER_MIN: '1000',
        LOGIN_RATE_LIMIT_PER_MINUTE: '200',
      },
    });
  }, 120_000);

  afterEach(async () => {
    await browser?.checkPages();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    for (const dist of [publicDist, adminDist]) if (dist) fs.rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  return {
    get stack() {
      if (!stack) throw new Error('the stack did not start');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('the browser did not start');
      return browser;
    },
    get baseUrl() {
      if (!stack) throw new Error('the stack did not start');
      return stack.gatewayUrl;
    },
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      if (!stack) throw new Error('the stack did not start');
      const client = new pg.Client({ connectionString: stack.db.url });
      await client.connect();
      try {
        return (await client.query<R>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
