import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  DATA_VERSION_HEADER,
  DETECTION_API,
  detectionAnswerSchema,
  RATE_LIMIT_POLICY_HEADER,
} from '@tunnelscope/contracts';
import { createAdminWithCli, signIn, type AdminAccount } from '../src/admin.js';
import { settle } from '../src/browser.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

// Entry points are resolved through each package's declared exports, never by a path into its dist/.
const resolvePackage = createRequire(import.meta.url).resolve;

/**
 * The detection API's keys end to end (issue 12): an operator creates a key in the API Keys tab,
 * copies the secret shown once, and a server-side call with it (Node's fetch through the gateway)
 * answers a VPN address of the stack's IP database, generated small by the real generator, with
 * its vendor.
 */
const e2e = useE2E('api_keys');

interface KnownVpnAddress {
  ip: string;
  vendor: string;
  vpn: string;
}

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
      { env: { ...e2e.stack.env }, stdio: 'pipe' },
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

/** Until lookup-service says its index is loaded (`/readyz` answers 200). */
async function lookupReady(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${e2e.stack.lookupUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error('lookup-service never became ready');
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('API Keys', () => {
  let operator: AdminAccount;
  let known: KnownVpnAddress;

  beforeAll(async () => {
    await generateSmallDataset();
    // A fresh start loads the generated data at once, instead of waiting for the data-version poll.
    await e2e.stack.stop('lookup-service');
    await e2e.stack.start('lookup-service');
    await lookupReady();
    const [row] = await ipdbQuery<KnownVpnAddress>(
      `select host(i.address) as ip, ve.name as vendor, v.name as vpn
         from ips i join vpns v on v.id = i.vpn_id join vendors ve on ve.id = v.vendor_id
        where i.is_vpn and family(i.address) = 4
        order by i.address limit 1`,
    );
    if (!row) throw new Error('the generated IP database has no current VPN address');
    known = row;
    operator = await createAdminWithCli(e2e.stack, 'keeper', 'admin');
  }, 180_000);

  it('an operator creates a key, copies it once, and the key answers a VPN address with its vendor', async () => {
    // The sign-in screen's auth check answers 401 before the operator signs in.
    const { page } = await e2e.browser.newPage({ width: 1280, allowConsole: [/status of 401/] });
    await signIn(page, e2e.stack, operator);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${e2e.stack.adminPrefix}/app/api-keys`);

    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByRole('textbox', { name: 'Name' }).fill('E2E fraud checks');
    await create.getByRole('textbox', { name: 'Owner email' }).fill('buyer@bank.example');
    await create.getByRole('button', { name: 'Create key' }).click();

    const reveal = page.getByRole('dialog', { name: 'Copy your API key' });
    await reveal.waitFor();
    expect(await reveal.getByRole('alert').innerText()).toContain(API_KEY_MESSAGES.created);
    const shown = (await reveal.getByTestId('api-key-secret').innerText()).trim();
    expect(shown).toMatch(API_KEY_PATTERN);
    await shot(page, 'api-keys-reveal');

    await reveal.getByRole('button', { name: 'Copy key' }).click();
    await reveal.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);

    await reveal.getByRole('button', { name: 'I have copied the key' }).click();
    await reveal.waitFor({ state: 'hidden' });
    const row = page.getByTestId('data-row').filter({ hasText: 'E2E fraud checks' });
    await row.waitFor();
    expect(await row.innerText()).toContain('buyer@bank.example');
    // The secret is gone from the page: only its prefix is listed.
    expect(await page.locator('body').innerText()).not.toContain(copied);
    expect(await row.innerText()).toContain(copied.slice(0, 12));

    // Keys belong on servers: the call is made from Node, as a customer's back end would.
    const response = await fetch(
      `${e2e.baseUrl}${DETECTION_API.check.path}?ip=${encodeURIComponent(known.ip)}`,
      { headers: { 'X-API-Key': copied } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get(RATE_LIMIT_POLICY_HEADER)).toBeTruthy();
    expect(response.headers.get(DATA_VERSION_HEADER)).toMatch(/^\d+; date=\d{4}-\d{2}-\d{2}$/);
    const answer = detectionAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({
      ip: known.ip,
      vendor: known.vendor,
      vpn: known.vpn,
      is_vpn: true,
      bogon: false,
    });

    // The call is counted at once: today's bar of the key's usage chart holds it.
    await row.getByRole('button', { name: 'Usage' }).click();
    const usage = page.getByRole('dialog', { name: 'Usage of E2E fraud checks' });
    await usage.getByTestId('usage-total').filter({ hasText: /^1$/ }).waitFor();
    await usage.locator('.recharts-bar-rectangle').last().waitFor();
    await shot(page, 'api-keys-usage');
  });
});
