import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { createAdminWithCli, openAdmin, signIn, signInStep1, type AdminAccount } from '../src/admin.js';
import { chooseOption, codeMailedTo, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

/**
 * An operator's day (issue 6): visitors join the waitlist, ask for a VPN and write in through the
 * public API, with the codes read from the real mails; an operator signs in, reads the overview,
 * finds a verified waitlist entry by its e-mail, sets it to Pending with a note, sees the change
 * after Refresh, exports the table and reads the CSV, deletes a contact after confirming, and
 * filters the logs by action.
 */
const e2e = useE2E('review');

const newAdminPage = () => e2e.browser.newPage({ width: 1280, allowConsole: [/status of 40[13]/] });

async function shot(page: Page, name: string, width = 1280): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}-${width}.png`), fullPage: true });
}

async function api(pathname: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${e2e.baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A form submitted and (unless `verify` is false) verified with the code from its mail. */
async function submit(
  form: { path: string; verifyPath: string },
  body: Record<string, unknown>,
  to: string,
  verify = true,
): Promise<string> {
  const { requestId } = (await api(form.path, body)) as { requestId: string };
  if (verify) {
    const { code } = await codeMailedTo(e2e.stack, to);
    await api(form.verifyPath, { requestId, otpCode: code });
  }
  return requestId;
}

const WAITLIST = { path: '/api/waitlist', verifyPath: '/api/verify-waitlist-otp' };
const VPN = { path: '/api/vpn-request', verifyPath: '/api/verify-vpn-otp' };
const CONTACT = { path: '/api/contact', verifyPath: '/api/verify-contact-otp' };

const rows = (page: Page): Locator => page.locator('tr[data-testid="data-row"]');

async function openTab(page: Page, name: string, title: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('table', { name: title }).waitFor();
  await settle(page);
}

async function searchFor(page: Page, text: string, expectedRows: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
  await expectRowCount(page, expectedRows);
}

async function expectRowCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('tr[data-testid="data-row"]').length === n &&
      !document.querySelector('table[aria-busy="true"]'),
    count,
  );
}

/** A CSV line into its cells (every cell quoted, quotes doubled). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const re = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (const m of line.matchAll(re)) cells.push(m[1]!.replaceAll('""', '"'));
  return cells;
}

describe("an operator's day in the back-office", () => {
  let admin: AdminAccount;
  const verifiedEmail = uniqueEmail('dana.reyes');
  const pendingEmail = uniqueEmail('li.wen');
  const contactEmail = uniqueEmail('sam.okafor');
  const vpnEmail = uniqueEmail('ivo.petrov');

  beforeAll(async () => {
    admin = await createAdminWithCli(e2e.stack, 'reviewer');
    await submit(
      WAITLIST,
      { email: verifiedEmail, company: 'Acme "Red" Team', useCase: 'Block VPN sign-ups, then review' },
      verifiedEmail,
    );
    await submit(
      WAITLIST,
      { email: pendingEmail, company: 'Globex', useCase: 'Fraud checks' },
      pendingEmail,
      false,
    );
    await submit(
      VPN,
      {
        vpnName: 'Turbo VPN',
        playstoreLink: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn',
        userEmail: vpnEmail,
        additionalInfo: 'Seen on 4% of our sign-ups last week.',
      },
      vpnEmail,
    );
    await submit(
      CONTACT,
      {
        name: 'Sam Okafor',
        email: contactEmail,
        subject: 'Enterprise pricing',
        message: 'We screen about 2 million sign-ups a month. What would the enterprise plan cost?',
        consent: true,
      },
      contactEmail,
    );
  }, 120_000);

  it('reads the overview: verified counts and the three rates', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    const cards = page.getByTestId('stat-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(6);
    const value = (title: string) =>
      page.getByRole('group', { name: title }).getByTestId('stat-value').innerText();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="stat-value"]')].every((v) =>
        /\d/.test(v.textContent ?? ''),
      ),
    );
    // 1 verified of 2 waitlist entries; 1 of 1 VPN request; 1 of 1 contact.
    await expect(value('Total Waitlist')).resolves.toBe('1');
    await expect(value('VPN Requests')).resolves.toBe('1');
    await expect(value('Contact Forms')).resolves.toBe('1');
    await expect(value('Verification Rate')).resolves.toBe('50%');
    await expect(value('VPN Request Filled')).resolves.toBe('100%');
    await expect(value('Contact Response')).resolves.toBe('100%');
    await shot(page, 'overview');
  });

  it('fits a phone: the overview and a review table at 390 px scroll inside, never the page', async () => {
    const { page } = await e2e.browser.newPage({ width: 390, allowConsole: [/status of 40[13]/] });
    // The header's welcome text is hidden on a phone: the Overview's cards say we are in.
    await openAdmin(page, e2e.stack);
    await signInStep1(page, admin);
    await page.getByTestId('stat-card').first().waitFor();
    const pageOverflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(pageOverflow()).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'overview', 390);
    await openTab(page, 'Waitlist', 'Waitlist');
    await expectRowCount(page, 2);
    await expect(pageOverflow()).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'waitlist', 390);
  });

  it('finds a verified waitlist entry by its e-mail, sets it to Pending with a note, and sees it after Refresh', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openTab(page, 'Waitlist', 'Waitlist');
    await expectRowCount(page, 2);
    await searchFor(page, verifiedEmail.slice(0, 14).toUpperCase(), 1);
    const row = rows(page).first();
    // textContent: badges are upper-cased by CSS, which innerText would apply.
    await expect(row.textContent()).resolves.toContain(verifiedEmail);
    await expect(row.textContent()).resolves.toContain('Verified');
    await shot(page, 'waitlist');

    await row.getByRole('button', { name: 'Edit status and notes' }).click();
    // The segmented control's radios are visually hidden; an operator clicks the label.
    await page
      .locator('[data-testid="status-editor"] label')
      .filter({ hasText: /^Pend$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Pend' }).isChecked()).resolves.toBe(true);
    await page.getByLabel('Notes').fill('Called on Monday: wants an API trial for 2 weeks.');
    await shot(page, 'waitlist-status-editor');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('button', { name: 'Refresh' }).last().click();
    await page.waitForFunction(
      () => document.querySelector('tr[data-testid="data-row"]')?.textContent?.includes('Pending') ?? false,
    );
    await expect(rows(page).first().textContent()).resolves.toContain('wants an API trial');

    const stored = await e2e.query<{ status: string; notes: string }>(
      'select status, notes from waitlist_entries where email = $1',
      [verifiedEmail],
    );
    expect(stored).toEqual([
      { status: 'Pending', notes: 'Called on Monday: wants an API trial for 2 weeks.' },
    ]);
    const audit = await e2e.query<{ action: string }>(
      `select action from admin_logs where username = $1 and action = 'waitlist_entry_updated'`,
      [admin.username],
    );
    expect(audit).toHaveLength(1);
  });

  it('exports the waitlist to a CSV that holds the rows, quoted', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openTab(page, 'Waitlist', 'Waitlist');
    await expectRowCount(page, 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const text = (await fs.readFile(file!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    // Every cell quoted; the header is the column labels.
    for (const line of lines) expect(line.startsWith('"')).toBe(true);
    const header = csvCells(lines[0]!);
    expect(header.slice(0, 3)).toEqual(['Email', 'Company', 'Use Case']);
    const verified = lines.find((l) => l.includes(verifiedEmail))!;
    expect(verified).toContain('"Acme ""Red"" Team"');
    expect(csvCells(verified)).toContain('Pending');
    expect(lines.some((l) => l.includes(pendingEmail))).toBe(true);
    const audit = await e2e.query<{ action: string }>(
      `select action from admin_logs where username = $1 and action = 'waitlist_export'`,
      [admin.username],
    );
    expect(audit).toHaveLength(1);
  });

  it('deletes a contact after confirming', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openTab(page, 'VPN Requests', 'VPN Requests');
    await expectRowCount(page, 1);
    await expect(rows(page).first().getByRole('link').getAttribute('target')).resolves.toBe('_blank');
    await shot(page, 'vpn-requests');

    await openTab(page, 'Contacts', 'Contacts');
    await expectRowCount(page, 1);
    await shot(page, 'contacts');
    await rows(page)
      .first()
      .getByRole('button', { name: /delete/i })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No data found').waitFor();
    const left = await e2e.query<{ n: string }>('select count(*) as n from contact_forms where email = $1', [
      contactEmail,
    ]);
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('filters the logs by action', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openTab(page, 'Logs', 'Logs');
    await rows(page).first().waitFor();
    await shot(page, 'logs');

    const action = page.getByRole('combobox', { name: 'Action', exact: true });
    /** Waits until the table shows only rows containing `text`, and answers their texts. */
    const onlyRowsWith = async (text: string): Promise<string[]> => {
      await page.waitForFunction((t) => {
        const found = [...document.querySelectorAll('tr[data-testid="data-row"]')];
        return (
          found.length > 0 &&
          !document.querySelector('table[aria-busy="true"]') &&
          found.every((r) => r.textContent?.includes(t))
        );
      }, text);
      return rows(page).allTextContents();
    };

    await chooseOption(page, action, 'OTP Verified');
    // Three codes were verified: the waitlist entry, the VPN request and the contact.
    await expect(onlyRowsWith('OTP Verified')).resolves.toHaveLength(3);

    await chooseOption(page, action, 'Admin Login');
    const logins = await onlyRowsWith('Login Success');
    const signIns = await e2e.query<{ n: string }>(
      `select count(*) as n from admin_logs where username = $1 and action = 'login_success'`,
      [admin.username],
    );
    expect(logins.length).toBe(Number(signIns[0]!.n)); // one per test of this file
    expect(logins.length).toBeGreaterThanOrEqual(6);
    for (const text of logins) expect(text).toContain('Admin');
    await shot(page, 'logs-admin-login');
  });
});
