import path from 'node:path';
import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { codeGroup, codeMailedTo, mailsTo, typeCode, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

/** "Resend code" on a form's code step: a visible cooldown, then a new code for the same submission. */
const e2e = useE2E('resend');

const main = (page: Page) => page.locator('main');

describe('Resend code', () => {
  it('waits out its countdown, then mails a new code for the same waitlist entry, which verifies', async () => {
    const email = uniqueEmail('resender');
    const { page } = await e2e.browser.newPage({ width: 390, allowConsole: [/status of 400/] });
    // The page's clock is ours, so the 30 s cooldown passes at once.
    await page.clock.install();
    await page.goto(`${e2e.baseUrl}/waitlist`);
    await settle(page);
    await main(page).getByLabel('Email Address').fill(email);
    await main(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await main(page).getByRole('heading', { name: 'Check Your Email' }).waitFor({ state: 'visible' });
    await codeGroup(page).waitFor({ state: 'visible' });
    const first = await codeMailedTo(e2e.stack, email);

    const countdown = main(page).getByText(/You can resend the code in \d+ s\./);
    await countdown.waitFor({ state: 'visible' });
    expect(await main(page).getByRole('button', { name: 'Resend code' }).count()).toBe(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'issue15-waitlist-code-step-390.png'),
      fullPage: true,
    });
    // The address stays inside its card at 390 px, however long (it has no space to wrap at).
    const overflow = await main(page)
      .getByText(email, { exact: true })
      .evaluate(
        (el) =>
          el.getBoundingClientRect().right - el.closest('.mantine-Paper-root')!.getBoundingClientRect().right,
      );
    expect(overflow).toBeLessThanOrEqual(0);

    // runFor fires every timer on the way (the countdown ticks once a second); fastForward would fire each once.
    await page.clock.runFor(31_000);
    const resend = main(page).getByRole('button', { name: 'Resend code' });
    await resend.waitFor({ state: 'visible' });
    await resend.click();
    await page.getByText('Email sent').waitFor({ state: 'visible' });
    await countdown.waitFor({ state: 'visible' });

    const second = await codeMailedTo(e2e.stack, email, 2);
    expect(mailsTo(e2e.stack, email)).toHaveLength(2);
    // Still one entry: the same submission got a new code.
    const rows = await e2e.query<{ n: string }>(
      'SELECT count(*) AS n FROM waitlist_entries WHERE lower(email) = lower($1)',
      [email],
    );
    expect(Number(rows[0]!.n)).toBe(1);

    if (second.code !== first.code) {
      await typeCode(page, first.code);
      await page.getByText('Verification failed').waitFor({ state: 'visible' });
    }
    await typeCode(page, second.code);
    await main(page)
      .getByRole('heading', { name: /^Welcome to / })
      .waitFor({ state: 'visible' });
  });
});
