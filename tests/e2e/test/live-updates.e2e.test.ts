import type { Page } from 'playwright-core';
import { createAdminWithCli, signIn, type AdminAccount } from '../src/admin.js';
import { settle } from '../src/browser.js';
import { chooseOption, codeGroup, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';

/**
 * Live updates (issue 16 item 5): an operator has the Waitlist open; a visitor in another browser
 * context signs up (the code is not even entered: unverified sign-ups count); the panel shows
 * "1 new sign-up — show" without Refresh, the rows do not move, and "show" brings the new row.
 */
const e2e = useE2E('live_updates');

describe('live updates', () => {
  let admin: AdminAccount;
  beforeAll(async () => {
    admin = await createAdminWithCli(e2e.stack, 'livewatch');
  }, 120_000);

  async function visitorSignsUp(email: string): Promise<void> {
    const { page } = await e2e.browser.newPage({ width: 1280 });
    await page.goto(`${e2e.baseUrl}/waitlist`);
    await settle(page);
    const main = page.locator('main');
    await main.getByLabel('Email Address').fill(email);
    await chooseOption(
      page,
      main.getByRole('combobox', { name: 'Use Case' }).or(main.getByLabel('Use Case')).first(),
    );
    await main.getByRole('button', { name: 'Join Waitlist' }).click();
    await codeGroup(page).waitFor({ state: 'visible' });
  }

  async function openWaitlist(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'Waitlist' }).click();
    await page.getByRole('table', { name: 'Waitlist' }).waitFor();
    await settle(page);
  }

  it('shows a sign-up from another browser as "1 new sign-up — show", and the row after "show"', async () => {
    const { page } = await e2e.browser.newPage({ width: 1280, allowConsole: [/status of 40[13]/] });
    await signIn(page, e2e.stack, admin);
    await openWaitlist(page);
    const email = uniqueEmail('live-visitor');
    await expect(page.getByText(email).count()).resolves.toBe(0);

    await visitorSignsUp(email);

    // No Refresh: the banner arrives by the panel's event stream.
    await page.getByText('1 new sign-up —').waitFor();
    await expect(page.getByText(email).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'show' }).click();
    await page.getByText(email).first().waitFor();
    await expect(page.getByText('1 new sign-up —').count()).resolves.toBe(0);
  });
});
