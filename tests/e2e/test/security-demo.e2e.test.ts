import { ATTACK_EXAMPLES, detectThreats } from '@tunnelscope/contracts';
import type { Locator, Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { codeGroup, codeMailedTo, typeCode, uniqueEmail } from '../src/flows.js';
import { useE2E } from '../src/harness.js';
import { waitFor } from '@tunnelscope/test-kit';

/** The security demo page and its secure contact form. */
const e2e = useE2E('security');

const main = (page: Page) => page.locator('main');

async function openDemo(): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width: 1280 });
  const response = await page.goto(`${e2e.baseUrl}/security-demo`);
  expect(response?.status()).toBe(200);
  await settle(page);
  return page;
}

/** 'XSS_ATTEMPT' as the page may print it: XSS_ATTEMPT, "XSS attempt", "Xss Attempt". */
const threatPattern = (type: string) => new RegExp(type.replace(/_/g, '[_ ]'), 'i');

/** The Test button of one attack example: named after it, or the n-th Test button in order. */
async function testButtonOf(page: Page, index: number, label: string): Promise<Locator> {
  const named = main(page).getByRole('button', { name: new RegExp(`test.*${label}|${label}.*test`, 'i') });
  if ((await named.count()) === 1) return named;
  const all = main(page).getByRole('button', { name: /^Test\b/i });
  expect(await all.count()).toBeGreaterThanOrEqual(ATTACK_EXAMPLES.length);
  return all.nth(index);
}

describe('security demo', () => {
  it('labels each of the six attack examples with its threat type when its Test button is clicked', async () => {
    const page = await openDemo();
    for (const [index, example] of ATTACK_EXAMPLES.entries()) {
      const expected = detectThreats(example.payload).map((t) => t.type);
      expect(expected.length).toBeGreaterThan(0);
      const button = await testButtonOf(page, index, example.label);
      await button.scrollIntoViewIfNeeded();
      await button.click();
      // The test box now holds this payload, and its threat labels are the detector's.
      await expect(main(page).getByLabel('Test input').inputValue()).resolves.toBe(example.payload);
      const list = main(page).getByRole('list', { name: 'Detected threats' });
      for (const type of expected) {
        await list.getByText(threatPattern(type)).first().waitFor({ state: 'visible', timeout: 5_000 });
      }
      const labelsShown = await list.innerText();
      console.log(`security demo: ${example.label} → ${expected.join(', ')}`);
      for (const type of [
        'XSS_ATTEMPT',
        'SQL_INJECTION_ATTEMPT',
        'PATH_TRAVERSAL_ATTEMPT',
        'COMMAND_INJECTION_ATTEMPT',
      ]) {
        if (expected.includes(type as never)) continue;
        // A label the detector did not raise for this payload must not be on screen.
        expect({ example: example.label, type, shown: threatPattern(type).test(labelsShown) }).toEqual({
          example: example.label,
          type,
          shown: false,
        });
      }
    }
  });

  it("an invalid submit shows the 'Validation Error' toast and logs it; live errors disable the button", async () => {
    const page = await openDemo();
    const logged: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/security-log') logged.push(req.postData() ?? '');
    });
    const form = main(page).locator('form', {
      has: page.getByRole('button', { name: 'Send Secure Message' }),
    });
    const send = form.getByRole('button', { name: 'Send Secure Message' });
    // Untouched and empty: the submit re-validates every field and refuses.
    await send.click();
    await page.getByText('Validation Error').first().waitFor({ state: 'visible' });
    await page
      .getByText('Please correct the errors below and try again.')
      .first()
      .waitFor({ state: 'visible' });
    await waitFor(() => logged.some((body) => body.includes('VALIDATION_ERROR')), { timeoutMs: 5_000 });

    // Live validation on change: the spec's messages, and the button is disabled while they show.
    await form.getByLabel(/^Name/).fill('<script>alert(1)</script>');
    await form.getByLabel(/^Email/).fill('not-an-address');
    await form
      .getByText(/Name contains invalid characters|Name can only contain/)
      .first()
      .waitFor();
    await form.getByText('Invalid email format').first().waitFor();
    expect(await send.isDisabled()).toBe(true);
  });

  it('the secure contact form sends a message through the code step, then clears', async () => {
    const email = uniqueEmail('sec', 'infosec-team.net');
    const page = await openDemo();
    const form = main(page).locator('form', {
      has: page.getByRole('button', { name: 'Send Secure Message' }),
    });
    await form.getByLabel(/^Name/).fill('Ada Lovelace');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Subject/).fill('Pen-test report sharing');
    await form
      .getByLabel(/^Message/)
      .fill('We found your demo useful; can we talk about an enterprise plan?');
    // Live character counters for name, subject and message.
    expect(await form.innerText()).toMatch(/12\s*\/\s*100/);
    await form.getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Send Secure Message' }).click();

    await codeGroup(page).waitFor({ state: 'visible' });
    const { code } = await codeMailedTo(e2e.stack, email);
    await typeCode(page, code);
    await main(page)
      .getByRole('button', { name: /verify/i })
      .first()
      .click();
    await page
      .getByText("Success! Your message has been sent. We'll get back to you soon.")
      .or(page.getByText('Success!', { exact: true }))
      .first()
      .waitFor({ state: 'visible' });
    // The form clears after success, and the marketing choice was stored.
    await waitFor(async () => (await form.getByLabel(/^Email/).inputValue()) === '', { timeoutMs: 5_000 });
    const stored = await e2e.query<{ has_marketing: boolean; is_verified: boolean }>(
      'select has_marketing, is_verified from contact_forms where email = $1',
      [email],
    );
    expect(stored).toEqual([{ has_marketing: true, is_verified: true }]);
  });
});
