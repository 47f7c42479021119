import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import {
  adminUrl,
  createAdminWithCli,
  openAdmin,
  signIn,
  signInStep1,
  totpCode,
  type AdminAccount,
} from '../src/admin.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

/**
 * The admin back-office's front door (issue 4): an operator created with the CLI signs in through
 * the Turnstile stand-in, enables 2FA from the secret on the page, signs in again with a TOTP
 * code and with a backup code, sees and disconnects a session from a second browser, and a
 * view_only operator finds no write controls while the server refuses the calls anyway.
 */
const e2e = useE2E('admin');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}-1280.png`), fullPage: true });
}

/**
 * Chromium logs every non-2xx fetch as a console error; the panel's auth check answers 401 on the
 * login screen, and the view_only test provokes 403s on purpose.
 */
const newAdminPage = () => e2e.browser.newPage({ width: 1280, allowConsole: [/status of 40[13]/] });

async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
}

async function signOut(page: Page) {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

describe('admin sign-in, 2FA, sessions and roles', () => {
  let admin: AdminAccount;
  let secret = '';
  let backupCodes: string[] = [];
  let enablingCode = '';

  beforeAll(async () => {
    admin = await createAdminWithCli(e2e.stack, 'ops_lead');
  });

  it('shows the login screen, then the dashboard after signing in through the stand-in widget', async () => {
    const { page } = await newAdminPage();
    await openAdmin(page, e2e.stack);
    await expect(page.getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    // Dark theme by default on the admin panel.
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe('dark');
    await page.getByTestId('turnstile-widget').filter({ hasText: 'Success!' }).waitFor();
    await shot(page, 'login');

    await signInStep1(page, admin);
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    for (const tab of [
      'Overview',
      'Waitlist',
      'VPN Requests',
      'Contacts',
      'Logs',
      'Sessions',
      'Database Analytics',
      'Search DB',
    ]) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await shot(page, 'dashboard');

    // The open tab is the address, so a reload (or a shared link) opens the same tab.
    expect(new URL(page.url()).pathname).toBe(`${e2e.stack.adminPrefix}/app/overview`);
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.waitForURL(`**${e2e.stack.adminPrefix}/app/logs`);
    await page.reload();
    await page.getByRole('tab', { name: 'Logs', selected: true }).waitFor();

    const rows = await e2e.query<{ action: string; success: boolean }>(
      `select action, success from admin_logs where username = $1 order by created_at`,
      [admin.username],
    );
    expect(rows).toContainEqual({ action: 'login_success', success: true });
  });

  it('enables 2FA with a code computed from the secret on the page and downloads the backup codes', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set Up 2FA' }).click();
    secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.getByRole('img', { name: /QR/i }).count()).resolves.toBeGreaterThan(0);
    await shot(page, 'profile-2fa-setup');

    enablingCode = await totpCode(secret);
    await typeCode(page, enablingCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('backup-codes').waitFor();
    backupCodes = await page.getByTestId('backup-code').allInnerTexts();
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code.trim()).toMatch(/^\d{6}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download backup codes' }).click(),
    ]);
    const file = await download.path();
    const text = await fs.readFile(file, 'utf8');
    for (const code of backupCodes) expect(text).toContain(code.trim());
    await shot(page, 'profile-backup-codes');

    // After continuing (a reload), the codes are never shown again.
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    await expect(page.getByTestId('backup-code').count()).resolves.toBe(0);
    const [row] = await e2e.query<{ two_factor_enabled: boolean; two_factor_secret: string }>(
      'select two_factor_enabled, two_factor_secret from admin_users where username = $1',
      [admin.username],
    );
    expect(row!.two_factor_enabled).toBe(true);
    expect(row!.two_factor_secret).not.toContain(secret); // encrypted at rest
    await signOut(page);
  });

  it('signs in with a backup code once, and refuses the same code a second time', async () => {
    const { page } = await newAdminPage();
    await openAdmin(page, e2e.stack);
    await signInStep1(page, admin);
    await page.getByLabel('Verification code').waitFor();
    const backup = backupCodes[0]!.trim();
    await page.getByLabel('Verification code').fill(backup);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    await signOut(page);

    await signInStep1(page, admin);
    await page.getByLabel('Verification code').fill(backup);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid verification code').waitFor();
  });

  it('signs in with a TOTP code, lists the session, and a second browser disconnects it', async () => {
    const first = await newAdminPage();
    await openAdmin(first.page, e2e.stack);
    await signInStep1(first.page, admin);
    await first.page.getByLabel('Verification code').fill(await totpCode(secret, { after: enablingCode }));
    await first.page.getByRole('button', { name: 'Verify' }).click();
    await first.page.getByText(`Welcome, ${admin.username}`).waitFor();
    await first.page.getByLabel('Two-factor authentication enabled').waitFor();

    // A second browser context: its own cookies, its own session (signed in with a backup code).
    const second = await newAdminPage();
    await openAdmin(second.page, e2e.stack);
    await signInStep1(second.page, admin);
    await second.page.getByLabel('Verification code').fill(backupCodes[1]!.trim());
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.getByText(`Welcome, ${admin.username}`).waitFor();
    await second.page.getByRole('tab', { name: 'Sessions' }).click();
    const rows = second.page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await shot(second.page, 'sessions');

    const before = await rows.count();
    const other = second.page.locator('[data-testid="session-row"]:not([data-current])').first();
    await other.getByRole('button', { name: /^Disconnect/ }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await second.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="session-row"]').length === n,
      before - 1,
    );

    // The first browser's session is dead at once: its next call fails and it lands on the login screen.
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Sign In' }).waitFor();
    const logs = await e2e.query<{ action: string }>(
      "select action from admin_logs where action = 'session_disconnect' and username = $1",
      [admin.username],
    );
    expect(logs.length).toBeGreaterThanOrEqual(1);
  });

  it('a view_only operator finds no add or delete buttons, and the server refuses the calls anyway', async () => {
    const viewer = await createAdminWithCli(e2e.stack, 'auditor', 'view_only');
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, viewer);
    await openProfileMenu(page);
    await page.getByText('VIEW ONLY').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Admin Users' }).click();
    const rows = page.getByTestId('data-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await expect(page.getByRole('button', { name: 'Add Admin User' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await expect(
      page.getByRole('button', { name: 'Edit' }).first().getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await shot(page, 'users-view-only');

    const prefix = e2e.stack.adminPrefix;
    const refused = await page.evaluate(async (p) => {
      const create = await fetch(`${p}/admin-users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'sneaky',
          email: 'sneaky@tunnelscope.example',
          password: 'Sneaky-Pass1!',
          role: 'admin',
        }),
      });
      const users = (await (await fetch(`${p}/data/admin-users`)).json()) as {
        data: { entries: { id: string; username: string }[] };
      };
      const target = users.data.entries.find((u) => u.username === 'ops_lead')!;
      const del = await fetch(`${p}/admin-users/${target.id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
      });
      return [create.status, del.status];
    }, prefix);
    expect(refused).toEqual([403, 403]);
    const denied = await e2e.query<{ count: string }>(
      "select count(*) from admin_logs where action = 'permission_denied' and username = 'auditor'",
    );
    expect(Number(denied[0]!.count)).toBeGreaterThanOrEqual(2);
  });

  it('an admin sees the users table with its write controls', async () => {
    const { page } = await newAdminPage();
    await openAdmin(page, e2e.stack);
    await signInStep1(page, admin);
    await page.getByLabel('Verification code').fill(backupCodes[2]!.trim());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    // The view is the address: opening it directly (a bookmark, a shared link) shows it.
    await page.goto(`${adminUrl(e2e.stack)}/app/users`);
    await page.getByTestId('data-row').first().waitFor();
    await page.getByRole('button', { name: 'Add Admin User' }).waitFor();
    await shot(page, 'users');
    // A bookmark from when views lived in the hash still opens its view, at its path.
    await page.goto(`${adminUrl(e2e.stack)}/#users`);
    await page.getByRole('button', { name: 'Add Admin User' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${e2e.stack.adminPrefix}/app/users`);
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.getByRole('tab', { name: 'General' }).waitFor();
    await shot(page, 'profile');
  });
});
