import type { Stack } from '@tunnelscope/stack-tests';
import { codeFrom, type SunkMail } from '@tunnelscope/test-kit';
import type { Locator, Page } from 'playwright-core';

/** The shared six-slot code entry control (`OneTimeCodeInput` of packages/web-ui). */
export const codeGroup = (page: Page): Locator => page.getByRole('group', { name: 'Verification code' });
export const codeSlot = (page: Page, n: number): Locator =>
  page.getByRole('textbox', { name: `Digit ${n} of 6` });

/** Types the code into the slots as a person does: click the first, then six key presses. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await codeSlot(page, 1).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** The mails sent to `to` so far (count them before an action to see whether it sent another). */
export const mailsTo = (stack: Stack, to: string): SunkMail[] =>
  stack.sink.messages.filter((m) => m.to.some((addr) => addr.toLowerCase() === to.toLowerCase()));

/** Waits for the `count`-th mail to `to` and answers its six-digit code. */
export async function codeMailedTo(
  stack: Stack,
  to: string,
  count = 1,
): Promise<{ code: string; mail: SunkMail }> {
  const mails = await stack.sink.waitFor(
    (m) => m.to.some((addr) => addr.toLowerCase() === to.toLowerCase()),
    {
      count,
      timeoutMs: 20_000,
    },
  );
  const mail = mails[count - 1]!;
  return { code: codeFrom(mail.text), mail };
}

/** A unique, plausible address per test run, so reruns against one stack never collide. */
export function uniqueEmail(name: string, domain = 'fraudlabs.io'): string {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@${domain}`;
}

/** Picks an option of a Mantine Select (a combobox) or a native <select> by its label. */
export async function chooseOption(page: Page, field: Locator, option?: string | RegExp): Promise<void> {
  const tag = await field.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    const values = await field
      .locator('option')
      .evaluateAll((opts) =>
        opts.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
      );
    const pick =
      option === undefined
        ? values.find((v) => v.value !== '')
        : values.find((v) => (typeof option === 'string' ? v.label === option : option.test(v.label)));
    if (!pick) throw new Error(`no option ${String(option)} in ${JSON.stringify(values)}`);
    await field.selectOption(pick.value);
    return;
  }
  await field.click();
  const options = page.getByRole('option', option === undefined ? {} : { name: option });
  await options.first().click();
}
