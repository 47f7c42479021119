import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { codeGroup, codeMailedTo, typeCode, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';

/** The VPN detection request page: form → code → request number with Copy. */
const e2e = useE2E('vpn');

const REQUEST_NUMBER = /VPN-\d{8}-[A-Z0-9]{6}/;
const main = (page: Page) => page.locator('main');

async function openRequest(): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width: 1280 });
  const response = await page.goto(`${e2e.baseUrl}/vpn-request`);
  expect(response?.status()).toBe(200);
  await settle(page);
  await main(page).getByRole('heading', { name: 'Request VPN Detection' }).waitFor({ state: 'visible' });
  return page;
}

/** The form's submit button, whatever its words: the only submit button in main. */
const submitButton = (page: Page) => main(page).locator('form button[type="submit"]').first();

describe('VPN detection request', () => {
  it('submit stays disabled until every field is filled and valid', async () => {
    const page = await openRequest();
    await expect(submitButton(page).isDisabled()).resolves.toBe(true);
    await main(page).getByLabel('VPN Application Name').fill('Turbo VPN');
    await main(page).getByLabel('Google Play Store Link').fill('https://example.com/turbo');
    await main(page).getByLabel('Your Email').fill(uniqueEmail('vpnfan'));
    await main(page).getByLabel('Additional Information').fill('   ');
    await expect(submitButton(page).isDisabled()).resolves.toBe(true);
    await main(page).getByLabel('Additional Information').fill('Popular free VPN, about 500M installs.');
    // Still not a Play Store link.
    await expect(submitButton(page).isDisabled()).resolves.toBe(true);
    await main(page)
      .getByLabel('Google Play Store Link')
      .fill('https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn&hl=en');
    await expect(submitButton(page).isEnabled()).resolves.toBe(true);
  });

  it('files a request with the mailed code, shows its number, and Copy shows Copied for 2 s', async () => {
    const email = uniqueEmail('grace', 'shopguard.com');
    const page = await openRequest();
    await main(page).getByLabel('VPN Application Name').fill('Turbo VPN');
    await main(page)
      .getByLabel('Google Play Store Link')
      .fill('https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn&hl=en');
    await main(page).getByLabel('Your Email').fill(email);
    await main(page)
      .getByLabel('Additional Information')
      .fill('Seen on 12% of our fraudulent checkouts last month.');
    await submitButton(page).click();

    await main(page).getByRole('heading', { name: 'Email Verification' }).waitFor({ state: 'visible' });
    await codeGroup(page).waitFor({ state: 'visible' });
    const { code } = await codeMailedTo(e2e.stack, email);
    await typeCode(page, code);
    await main(page).getByRole('button', { name: 'Verify Code' }).click();

    await main(page).getByRole('heading', { name: 'Request Submitted!' }).waitFor({ state: 'visible' });
    const shown = REQUEST_NUMBER.exec(await main(page).innerText())?.[0];
    expect(shown).toMatch(REQUEST_NUMBER);

    // The confirmation mail carries the same number.
    const confirmations = await e2e.stack.sink.waitFor(
      (m) => m.to.includes(email) && m.text.includes(shown!),
      {
        timeoutMs: 20_000,
      },
    );
    expect(confirmations).toHaveLength(1);

    await main(page).getByRole('button', { name: /^Copy/ }).click();
    const copied = main(page).getByRole('button', { name: 'Copied' });
    await copied.waitFor({ state: 'visible' });
    const clickedAt = Date.now();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(shown);
    await copied.waitFor({ state: 'hidden', timeout: 5_000 });
    const shownFor = Date.now() - clickedAt;
    expect(shownFor).toBeGreaterThan(1_200);
    expect(shownFor).toBeLessThan(3_500);
    await main(page).getByRole('button', { name: /^Copy/ }).waitFor({ state: 'visible' });
  });
});
