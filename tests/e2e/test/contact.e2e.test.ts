import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { codeGroup, codeMailedTo, mailsTo, typeCode, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';

/** The contact page, with its consent warning: form → code → sent; the team gets it. */
const e2e = useE2E('contact');

const CONSENT_WARNING = 'You must agree to data processing to send your message.';
const TEAM_INBOX = 'team@tunnelscope.example'; // CONTACT_INBOX of the test stack
const main = (page: Page) => page.locator('main');
const submitButton = (page: Page) => main(page).locator('form button[type="submit"]').first();

async function openContact(): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width: 1280 });
  const response = await page.goto(`${e2e.baseUrl}/contact`);
  expect(response?.status()).toBe(200);
  await settle(page);
  return page;
}

async function fillContact(page: Page, email: string, message: string): Promise<void> {
  await main(page).getByLabel(/^Name/).fill("Conan O'Brien");
  await main(page)
    .getByLabel(/^Email/)
    .fill(email);
  await main(page)
    .getByLabel(/^Subject/)
    .fill('Enterprise pricing for 40M lookups a month');
  await main(page)
    .getByLabel(/^Message/)
    .fill(message);
}

const consentBox = (page: Page) => main(page).getByRole('checkbox').first();

describe('contact', () => {
  it('shows the side cards: support and sales addresses and the 24-hour promise', async () => {
    const page = await openContact();
    const text = await main(page).innerText();
    expect(text).toContain('support@tunnelscope.example');
    expect(text).toContain('sales@tunnelscope.example');
    expect(text).toMatch(/24 hours/);
    await expect(
      main(page)
        .locator('form')
        .getByRole('link', { name: /privacy/i })
        .first()
        .getAttribute('href'),
    ).resolves.toBe('/privacy');
  });

  it('without consent shows the warning for about 5 s and submits nothing', async () => {
    const email = uniqueEmail('noconsent');
    const page = await openContact();
    await fillContact(page, email, 'We would like a trial key for our fraud team, please.');
    expect(await consentBox(page).isChecked()).toBe(false);
    let calls = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/contact') calls++;
    });
    await submitButton(page).click();
    const warning = page.getByText(CONSENT_WARNING).first();
    await warning.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    await warning.waitFor({ state: 'hidden', timeout: 9_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(3_500);
    expect(shownFor).toBeLessThan(7_000);
    expect(calls).toBe(0);
    expect(mailsTo(e2e.stack, email)).toHaveLength(0);
  });

  it('sends a message with the mailed code: success, an acknowledgement, and the team inbox gets it', async () => {
    const email = uniqueEmail('conan', 'media-house.com');
    const message = `Hello team, we run 40M checkout checks a month and want to compare VPN coverage. Ref ${Date.now()}.`;
    const page = await openContact();
    await fillContact(page, email, message);
    await consentBox(page).check();
    await submitButton(page).click();

    await main(page).getByRole('heading', { name: 'Verify Your Email' }).waitFor({ state: 'visible' });
    await codeGroup(page).waitFor({ state: 'visible' });
    // Until the code is verified nothing reaches the team: an unverified message is not yet a message.
    expect(
      e2e.stack.sink.messages.filter((m) => m.to.includes(TEAM_INBOX) && m.text.includes(message)),
    ).toHaveLength(0);
    const { code } = await codeMailedTo(e2e.stack, email);
    await typeCode(page, code);
    await main(page).getByRole('button', { name: 'Verify & Send Message' }).click();

    await main(page)
      .getByRole('heading', { name: 'Message Sent Successfully!' })
      .waitFor({ state: 'visible' });
    const [teamMail] = await e2e.stack.sink.waitFor(
      (m) => m.to.includes(TEAM_INBOX) && m.text.includes(message),
      {
        timeoutMs: 20_000,
      },
    );
    expect(teamMail!.text).toContain(email);
    // The visitor's acknowledgement promises the 24-hour reply.
    const [ack] = await e2e.stack.sink.waitFor((m) => m.to.includes(email) && /24 hours/.test(m.text), {
      timeoutMs: 20_000,
    });
    expect(ack).toBeDefined();
  });

  it('the code step has a link back to the form', async () => {
    const email = uniqueEmail('back');
    const page = await openContact();
    await fillContact(page, email, 'Just checking the way back from the code step works.');
    await consentBox(page).check();
    await submitButton(page).click();
    await codeGroup(page).waitFor({ state: 'visible' });
    await main(page)
      .getByRole('button', { name: /back/i })
      .or(main(page).getByRole('link', { name: /back/i }))
      .first()
      .click();
    await expect(
      main(page)
        .getByLabel(/^Email/)
        .inputValue(),
    ).resolves.toBe(email);
  });
});
