import type { Locator, Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import {
  chooseOption,
  codeGroup,
  codeMailedTo,
  codeSlot,
  mailsTo,
  typeCode,
  uniqueEmail,
} from '../src/flows.js';
import { useE2E } from '../src/harness.js';

/** The waitlist page: form → code from the mail → welcome; an address already registered. */
const e2e = useE2E('waitlist');

async function openWaitlist(width = 1280, allowConsole: RegExp[] = []): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width, allowConsole });
  const response = await page.goto(`${e2e.baseUrl}/waitlist`);
  expect(response?.status()).toBe(200);
  await settle(page);
  return page;
}

const main = (page: Page) => page.locator('main');
const joinButton = (page: Page) => main(page).getByRole('button', { name: 'Join Waitlist' });

describe('waitlist', () => {
  const email = uniqueEmail('ada');

  it('joins with the code from the e-mail: the sixth digit submits on its own and the welcome shows', async () => {
    const page = await openWaitlist();
    await main(page).getByLabel('Email Address').fill(email);
    await main(page).getByLabel('Company (Optional)').fill("O'Brien & Partners");
    await chooseOption(
      page,
      main(page).getByRole('combobox', { name: 'Use Case' }).or(main(page).getByLabel('Use Case')).first(),
    );
    await joinButton(page).click();

    // The code step: six slots, the expiry note and the way back.
    await codeGroup(page).waitFor({ state: 'visible' });
    const stepText = await main(page).innerText();
    expect(stepText).toContain('⏰ Expires in 5 minutes');
    await expect(main(page).getByRole('button', { name: 'Verify Code' }).count()).resolves.toBe(1);
    await expect(main(page).getByRole('button', { name: 'Back to form' }).count()).resolves.toBe(1);

    const { code, mail } = await codeMailedTo(e2e.stack, email);
    expect(mail.subject.length).toBeGreaterThan(0);
    // No click on 'Verify Code': the sixth digit submits after about 100 ms.
    await typeCode(page, code);
    await main(page).getByRole('heading', { name: 'Welcome to TunnelScope!' }).waitFor({ state: 'visible' });
    await expect(
      main(page)
        .getByRole('link', { name: /back to home/i })
        .getAttribute('href'),
    ).resolves.toBe('/');
  });

  it('the same address again shows "You\'re already registered!" and sends no mail', async () => {
    const before = mailsTo(e2e.stack, email).length;
    const page = await openWaitlist();
    // Another spelling of the same address: e-mails are compared case-insensitively.
    await main(page).getByLabel('Email Address').fill(email.toUpperCase());
    await joinButton(page).click();
    await main(page)
      .getByRole('heading', { name: "You're already registered!" })
      .waitFor({ state: 'visible' });
    expect(await main(page).innerText()).toMatch(/already on (our|the) waitlist/i);
    await page.waitForTimeout(500);
    expect(mailsTo(e2e.stack, email)).toHaveLength(before);
  });

  it('Back to form returns to the form with the address kept', async () => {
    const other = uniqueEmail('grace');
    const page = await openWaitlist();
    await main(page).getByLabel('Email Address').fill(other);
    await joinButton(page).click();
    await codeGroup(page).waitFor({ state: 'visible' });
    await main(page).getByRole('button', { name: 'Back to form' }).click();
    await expect(main(page).getByLabel('Email Address').inputValue()).resolves.toBe(other);
  });

  it('a wrong code shows the verification error and the code can be typed again', async () => {
    const other = uniqueEmail('linus');
    // The refused code's answer (HTTP 400) is logged by Chromium itself as a failed resource.
    const page = await openWaitlist(1280, [/status of 400 \(Bad Request\)/]);
    await main(page).getByLabel('Email Address').fill(other);
    await joinButton(page).click();
    await codeGroup(page).waitFor({ state: 'visible' });
    const { code } = await codeMailedTo(e2e.stack, other);
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await page.getByText('Verification failed').first().waitFor({ state: 'visible' });
    // Still on the code step; clear it (the control may already have) and type the real one.
    for (let n = 6; n >= 1; n--) await codeSlot(page, n).fill('');
    await typeCode(page, code);
    await main(page).getByRole('heading', { name: 'Welcome to TunnelScope!' }).waitFor({ state: 'visible' });
  });

  it('can be completed with the keyboard alone, the code entry included (390 px)', async () => {
    const other = uniqueEmail('margaret');
    const page = await openWaitlist(390);
    const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
    const focusTrail: string[] = [];
    /** Presses Tab until `target` has focus (it may have it already); answers whether it got there. */
    const tabTo = async (target: Locator, maxPresses: number) => {
      for (let i = 0; i <= maxPresses; i++) {
        if (await hasFocus(target)) return true;
        await page.keyboard.press('Tab');
        focusTrail.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            return `${el?.tagName}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 30) ?? ''}`;
          }),
        );
      }
      return false;
    };

    // Tab from the top of the page to the e-mail field, type, Enter.
    expect({ reached: await tabTo(main(page).getByLabel('Email Address'), 30), focusTrail }).toEqual({
      reached: true,
      focusTrail,
    });
    await page.keyboard.type(other);
    await page.keyboard.press('Enter');
    await codeGroup(page).waitFor({ state: 'visible' });
    const { code } = await codeMailedTo(e2e.stack, other);

    // Into the first slot by Tab (the step focuses its heading first), then six key presses.
    focusTrail.length = 0;
    expect({ reached: await tabTo(codeSlot(page, 1), 10), focusTrail }).toEqual({
      reached: true,
      focusTrail,
    });
    await page.keyboard.type(code, { delay: 40 });
    await main(page).getByRole('heading', { name: 'Welcome to TunnelScope!' }).waitFor({ state: 'visible' });
  });
});
