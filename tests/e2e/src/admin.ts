/**
 * Helpers of the admin back-office journeys: accounts made with the real CLI, TOTP codes
 * computed from the secret the page shows (as an authenticator app would), and sign-in through
 * the Turnstile stand-in widget.
 */
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import type { Stack } from '@tunnelscope/stack-tests';
import { settle } from './browser.js';

// Entry points are resolved through each package's declared exports, never by a path into its dist/.
const resolvePackage = createRequire(import.meta.url).resolve;

export interface AdminAccount {
  username: string;
  email: string;
  password: string;
}

/** `pnpm admin:create --username U --email E --role R`, reading the password it prints once. */
export async function createAdminWithCli(
  stack: Stack,
  username: string,
  role: 'admin' | 'view_only' = 'admin',
): Promise<AdminAccount> {
  const email = `${username}@tunnelscope.example`;
  const cli = resolvePackage('@tunnelscope/auth-service/cli/admin-create');
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--username', username, '--email', email, '--role', role], {
      env: { ...stack.env, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d));
    child.stderr.on('data', (d: Buffer) => (text += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`admin:create failed: ${text}`)),
    );
  });
  const lines = out.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith('Password'));
  const password = lines[at + 1];
  if (at === -1 || !password) throw new Error(`admin:create printed no password: ${out}`);
  return { username, email, password };
}

/** The current code of an authenticator holding `secret`; waits for a fresh step when asked. */
export async function totpCode(secret: string, opts: { after?: string } = {}): Promise<string> {
  for (;;) {
    const code = await generate({ secret, digits: 6, period: 30 });
    if (code !== opts.after) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export function adminUrl(stack: Stack): string {
  return `${stack.gatewayUrl}${stack.adminPrefix}`;
}

/** Step 1 of the login screen: credentials, the stand-in widget's pass, 'Sign In'. */
export async function signInStep1(page: Page, account: AdminAccount, opts: { rememberMe?: boolean } = {}) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByTestId('turnstile-widget').filter({ hasText: 'Success!' }).waitFor();
  if (opts.rememberMe) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function openAdmin(page: Page, stack: Stack): Promise<void> {
  const response = await page.goto(adminUrl(stack));
  if (response?.status() !== 200) throw new Error(`admin page answered ${response?.status()}`);
  await settle(page);
}

/** Signs in an account without 2FA and waits for the dashboard. */
export async function signIn(page: Page, stack: Stack, account: AdminAccount): Promise<void> {
  await openAdmin(page, stack);
  await signInStep1(page, account);
  await page.getByText(`Welcome, ${account.username}`).waitFor();
}
