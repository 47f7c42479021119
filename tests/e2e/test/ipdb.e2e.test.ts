import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { createAdminWithCli, signIn, type AdminAccount } from '../src/admin.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

// Entry points are resolved through each package's declared exports, never by a path into its dist/.
const resolvePackage = createRequire(import.meta.url).resolve;

/**
 * The IP database tabs (issue 5) against the stack's own IP database, filled by the real
 * generator at the small scale: the analytics tab shows the true counts and draws its charts, a
 * search finds a known address, and the orange offline panel appears when the database is gone.
 */
const e2e = useE2E('ipdb');

async function ipdbQuery<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: e2e.stack.env.IPDB_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function generateSmallDataset(): Promise<void> {
  const cli = resolvePackage('@tunnelscope/ipdb-dataset/cli');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [cli, '--scale', 'small', '--seed', '7', '--url', e2e.stack.env.IPDB_URL!],
      {
        env: { ...e2e.stack.env },
        stdio: 'pipe',
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ipdb:generate failed: ${out}`))));
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}-1280.png`), fullPage: true });
}

const newAdminPage = () => e2e.browser.newPage({ width: 1280, allowConsole: [/status of 40[13]/] });

describe('Database Analytics and Search DB', () => {
  let admin: AdminAccount;

  beforeAll(async () => {
    await generateSmallDataset();
    admin = await createAdminWithCli(e2e.stack, 'analyst', 'view_only');
    // A hook's budget, not a speed claim: generating the dataset took over 120 s on a loaded machine.
  }, 300_000);

  it('shows the true totals of the IP database, each sub-tab and its charts', async () => {
    const [totals] = await ipdbQuery<{ ips: string; vpns: string; vendors: string }>(
      'select (select count(*) from ips) as ips, (select count(*) from vpns) as vpns, (select count(*) from vendors) as vendors',
    );
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await page.getByRole('tab', { name: 'Database Analytics' }).click();
    const cards = page.getByTestId('entity-total');
    await cards.first().waitFor();
    const text = (await cards.allInnerTexts()).join(' | ').replace(/,/g, '');
    expect(text).toContain(String(totals!.ips));
    expect(text).toContain(String(totals!.vpns));
    expect(text).toContain(String(totals!.vendors));
    await shot(page, 'vpn-db-metadata');

    const subTabs: [string, string][] = [
      ['IP Trends', 'vpn-db-ip-trends'],
      ['Geo-IP Summary', 'vpn-db-geo-ip'],
      ['Vendor & VPN Summary', 'vpn-db-vendor-vpn'],
      ['ISP Summary', 'vpn-db-isp'],
    ];
    let charts = 0;
    for (const [name, file] of subTabs) {
      await page.getByRole('tab', { name }).click();
      await page.getByRole('tabpanel', { name }).waitFor();
      // recharts draws into an <svg class="recharts-surface"> once its lazy chunk is in.
      const drawn = page.getByRole('tabpanel', { name }).locator('figure svg.recharts-surface');
      if ((await page.getByRole('tabpanel', { name }).locator('figure').count()) > 0) {
        await drawn.first().waitFor();
        charts += await drawn.count();
      }
      await shot(page, file);
    }
    expect(charts).toBeGreaterThanOrEqual(3);
  });

  it("shows the data's age and lets an admin recompute the figures now, audited (issue 13)", async () => {
    const operator = await createAdminWithCli(e2e.stack, 'recomputer', 'admin');
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, operator);
    await page.getByRole('tab', { name: 'Database Analytics' }).click();
    const age = page.getByTestId('analytics-age');
    await page.getByTestId('entity-total').first().waitFor();
    expect(await age.innerText()).toMatch(/^Data as of /);
    const [before] = await ipdbQuery<{ runs: number }>(
      `select count(*)::int as runs from analytics_refresh_runs`,
    );

    await page.getByRole('button', { name: 'Recompute figures' }).click();
    await page.getByText('Analytics refreshed').waitFor();
    const [after] = await ipdbQuery<{ runs: number; trigger: string }>(
      `select (select count(*)::int from analytics_refresh_runs) as runs,
              (select trigger from analytics_refresh_runs order by id desc limit 1) as trigger`,
    );
    expect(after).toEqual({ runs: before!.runs + 1, trigger: 'manual' });

    const app = new pg.Client({ connectionString: e2e.stack.env.DATABASE_URL });
    await app.connect();
    try {
      const { rows } = await app.query(
        `select l.success from admin_logs l join admin_users u on u.id = l.admin_id
          where u.username = $1 and l.action = 'analytics_refresh'`,
        [operator.username],
      );
      expect(rows).toEqual([{ success: true }]);
    } finally {
      await app.end();
    }
  });

  it('finds a known VPN address with its current, historical and subdomain records', async () => {
    const [known] = await ipdbQuery<{ ip: string }>(
      `select host(i.address) as ip from ips i
        where i.vpn_id is not null
          and exists (select 1 from ip_history h where h.address = i.address)
          and exists (select 1 from subdomains s where s.address = i.address)
        limit 1`,
    );
    expect(known).toBeDefined();
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await page.getByRole('tab', { name: 'Search DB' }).click();
    await page.getByLabel('IP Address').fill(`  ${known!.ip} `);
    await page.keyboard.press('Enter');
    await page.getByTestId('ip-record').first().waitFor();
    for (const group of ['Current Information', 'Historical Information', 'Related Subdomains']) {
      await page.getByRole('heading', { name: group }).waitFor();
    }
    expect(await page.getByTestId('ip-record').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'search-db');

    await page.getByLabel('IP Address').fill('203.0.113.250');
    await page.getByRole('button', { name: 'Search DB' }).click();
    await page.getByText('No Records Found').waitFor();
    await page.getByLabel('IP Address').fill('300.1.1.1');
    await page.getByRole('button', { name: 'Search DB' }).click();
    await page.getByText('Please enter a valid IPv4 address (e.g., 8.8.8.8)').waitFor();
  });

  it('shows the orange offline panel when the IP database cannot be reached', async () => {
    // The analytics service restarts pointing at a port nothing listens on: the database is "down".
    await e2e.stack.stop('analytics-service');
    e2e.stack.env.IPDB_URL = 'postgres://postgres@127.0.0.1:1/unreachable';
    await e2e.stack.start('analytics-service');

    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await page.getByRole('tab', { name: 'Search DB' }).click();
    await page.getByLabel('IP Address').fill('198.51.100.77');
    await page.keyboard.press('Enter');
    await page.getByTestId('db-offline').waitFor();
    await page.getByText('Database Offline').first().waitFor();
    await shot(page, 'search-db-offline');
  });
});
