import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { createAdminWithCli, openAdmin, signIn, signInStep1 } from '../src/admin.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

/**
 * Issue 17 item 4: the Database Analytics tab shows what fed the IP database — each public feed's
 * last run and each collector's last report — through the gateway and analytics-service, from
 * rows written into the stack's own (migrated, otherwise empty) IP database as ingest-service
 * writes them.
 */
const e2e = useE2E('sources');

async function ipdbExec(sql: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: e2e.stack.env.IPDB_URL });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function shot(page: Page, width: number): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page
    .getByRole('region', { name: 'Data sources' })
    .screenshot({ path: path.join(SCREENSHOT_DIR, `admin-data-sources-${width}.png`) });
}

const COLLECTOR_ID = '6d5c4b3a-2e1f-4a0b-9c8d-7e6f5a4b3c2d';

describe('Database Analytics: Data sources', () => {
  beforeAll(async () => {
    await ipdbExec(`
      insert into feed_runs (feed, started_at, finished_at, source, fetched_bytes, parsed, added, removed, unchanged, kept_previous, error)
      values ('tor', now() - interval '2 minutes', now() - interval '1 minute', 'http://feeds.e2e.test/torbulkexitlist',
              120, 4, 4, 0, 0, false, null)
    `);
    await ipdbExec(
      `insert into collectors (id, name, token_hash, last_used_at) values ($1, 'e2e-collector-fra', '\\x0e2e', now())`,
      [COLLECTOR_ID],
    );
    await ipdbExec(
      `insert into collector_reports (collector_id, vpn_name, started_at, finished_at, status, observed)
       values ($1, 'E2E Fresh VPN', now() - interval '10 minutes', now() - interval '5 minutes', 'success', 17)`,
      [COLLECTOR_ID],
    );
    await ipdbExec(`insert into vendors (name, origin_country) values ('E2E Vendor', 'IS')`);
    await ipdbExec(
      `insert into vpns (vendor_id, name, needs_review) select id, 'E2E Fresh VPN', true from vendors where name = 'E2E Vendor'`,
    );
  });

  it("shows each feed's last run, each collector's last report and the VPNs needing review, to view_only too", async () => {
    const viewer = await createAdminWithCli(e2e.stack, 'sourcesviewer', 'view_only');
    const { page } = await e2e.browser.newPage({
      width: 1280,
      // The sign-in page's own check of the session answers 401 before the operator signs in.
      allowConsole: [/status of 401/],
    });
    await signIn(page, e2e.stack, viewer);
    await page.getByRole('tab', { name: 'Database Analytics' }).click();

    const section = page.getByRole('region', { name: 'Data sources' });
    const feeds = section.getByRole('table', { name: 'Public feeds' });
    await feeds.waitFor();
    const tor = feeds.getByRole('row').filter({ hasText: 'Tor exit list' });
    expect(await tor.innerText()).toContain('http://feeds.e2e.test/torbulkexitlist');
    // The two feeds that never ran say so.
    expect(await feeds.getByText('No run yet').count()).toBe(2);

    const collector = section
      .getByRole('table', { name: 'Collectors' })
      .getByRole('row')
      .filter({ hasText: 'e2e-collector-fra' });
    const text = await collector.innerText();
    expect(text).toContain('E2E Fresh VPN');
    expect(text).toContain('success');
    expect(text).toContain('17');
    expect(await section.getByTestId('vpns-needing-review').innerText()).toBe('1 VPN needs review');

    // The spec's sub-tabs are all still there, above the section.
    for (const name of [
      'DB Metadata',
      'IP Trends',
      'Geo-IP Summary',
      'Vendor & VPN Summary',
      'ISP Summary',
    ]) {
      await page.getByRole('tab', { name }).waitFor();
    }
    await shot(page, 1280);
  });

  it('fits a phone: at 390 px the section scrolls inside its tables, never the page', async () => {
    const viewer = await createAdminWithCli(e2e.stack, 'sourcesphone', 'view_only');
    const { page } = await e2e.browser.newPage({ width: 390, allowConsole: [/status of 401/] });
    // The header's welcome text is hidden on a phone: the dashboard's tabs say we are in.
    await openAdmin(page, e2e.stack);
    await signInStep1(page, viewer);
    await page.getByRole('tab', { name: 'Database Analytics' }).click();
    await page
      .getByRole('region', { name: 'Data sources' })
      .getByRole('table', { name: 'Public feeds' })
      .waitFor();
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await shot(page, 390);
  });
});
