import type { Locator, Page } from 'playwright-core';
import { createAdminWithCli, signIn, type AdminAccount } from '../src/admin.js';
import { settle } from '../src/browser.js';
import { useE2E } from '../src/harness.js';

/**
 * A reviewer's whole day (issue 16): the Waitlist's view (page size, page, sort) survives a reload
 * and the Back button; five rows are reviewed with the keyboard alone (j to move, Enter to open
 * the drawer, 1/2/3 to set the status); a selection is completed in one bulk action after a
 * confirmation naming the count. 60 entries are written straight into the database (the public
 * flow has its own tests), newest first: reviewer-60 … reviewer-01.
 */
const e2e = useE2E('review_workday');

const SEEDED = 60;
const emailOf = (n: number) => `reviewer-${String(n).padStart(2, '0')}@workday.example.com`;

const newAdminPage = () => e2e.browser.newPage({ width: 1280, allowConsole: [/status of 40[13]/] });
const rows = (page: Page): Locator => page.locator('tr[data-testid="data-row"]');

async function openWaitlist(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Waitlist' }).click();
  await page.getByRole('table', { name: 'Waitlist' }).waitFor();
  await settle(page);
}

/** The table shows `count` rows and no load is under way. */
async function expectRowCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('tr[data-testid="data-row"]').length === n &&
      !document.querySelector('table[aria-busy="true"]'),
    count,
  );
}

/** The e-mail of each row on screen, top to bottom. */
async function rowEmails(page: Page): Promise<string[]> {
  const texts = await rows(page).allTextContents();
  return texts.map((text) => /reviewer-\d{2}@workday\.example\.com/.exec(text)?.[0] ?? '');
}

/** The table's params in the address, without its `urlKey` prefix (`w.page` → `page`). */
const viewParams = (page: Page): Record<string, string> =>
  Object.fromEntries(
    [...new URL(page.url()).searchParams].map(([key, value]) => [key.replace(/^[^.]+\./, ''), value]),
  );

/** Waits until the table's param `name` (with or without a prefix) is `value` (null: absent). */
async function untilParam(page: Page, name: string, value: string | null): Promise<void> {
  await page
    .waitForFunction(
      ([n, v]) => {
        const params = new URL(location.href).searchParams;
        const key = [...params.keys()].find((k) => k === n || k.endsWith(`.${n}`));
        return (key === undefined ? null : params.get(key)) === v;
      },
      [name, value] as const,
    )
    .catch((error: unknown) => {
      // Name the address the table left, which says more than the bare timeout.
      throw new Error(`expected ${name}=${String(value)} in ${page.url()}: ${String(error)}`);
    });
}

/** Waits until the database holds `status` for every one of `emails`. */
async function untilStored(emails: string[], status: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await e2e.query<{ email: string; status: string }>(
      'select email, status from waitlist_entries where email = any($1)',
      [emails],
    );
    if (found.length === emails.length && found.every((row) => row.status === status)) return;
    if (Date.now() > deadline)
      throw new Error(`expected ${emails.join(', ')} to be ${status}: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The focused row (`aria-selected`), as the keyboard left it. */
async function focusedEmail(page: Page): Promise<string> {
  const row = page.locator('tr[data-testid="data-row"][aria-selected="true"]');
  await row.waitFor();
  return /reviewer-\d{2}@workday\.example\.com/.exec((await row.textContent()) ?? '')?.[0] ?? '';
}

describe("a reviewer's whole day", () => {
  let admin: AdminAccount;

  beforeAll(async () => {
    admin = await createAdminWithCli(e2e.stack, 'daylong');
    await e2e.query(
      `insert into waitlist_entries (email, company, use_case, is_verified, verified_at, created_at)
       select format('reviewer-%s@workday.example.com', lpad(g::text, 2, '0')), 'Workday Co', 'Review',
              true, now(), now() - (${SEEDED} - g) * interval '1 minute'
       from generate_series(1, ${SEEDED}) as g`,
    );
  }, 120_000);

  it('reloads and keeps the view, and Back returns to the view before', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openWaitlist(page);
    await expectRowCount(page, 25);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expectRowCount(page, 10);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '3' }).click();
    await untilParam(page, 'page', '3');
    await expectRowCount(page, 10);
    // Email: descending first, then ascending.
    const emailHeader = page.getByRole('columnheader', { name: 'Email' });
    await emailHeader.getByRole('button').click();
    await untilParam(page, 'sort', 'email');
    // The second click waits for the first sort's list to arrive: on the loaded machine a click
    // while it was still loading was lost (seen twice; cause not established, see the W6 report).
    await page.locator('table[aria-label="Waitlist"][aria-busy="false"]').waitFor();
    await emailHeader.getByRole('button').click();
    await untilParam(page, 'order', 'asc');
    await expectRowCount(page, 10);
    // Ascending by e-mail, 10 a page, page 3: reviewer-21 … reviewer-30.
    await page.waitForFunction(() =>
      document.querySelector('tr[data-testid="data-row"]')?.textContent?.includes('reviewer-21@'),
    );
    const before = await rowEmails(page);
    expect(before).toEqual(Array.from({ length: 10 }, (_, i) => emailOf(21 + i)));
    const address = page.url();
    expect(viewParams(page)).toEqual({ size: '10', page: '3', sort: 'email', order: 'asc' });

    await page.reload();
    await page.getByRole('table', { name: 'Waitlist' }).waitFor();
    await expectRowCount(page, 10);
    expect(page.url()).toBe(address);
    await expect(rowEmails(page)).resolves.toEqual(before);
    await expect(page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).resolves.toBe('10');
    await expect(emailHeader.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(
      page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('button', { name: '3' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');

    // Back: the sort as it was before the second click (descending), still page 3 of 10.
    await page.goBack();
    await untilParam(page, 'order', null);
    await page.waitForFunction(() =>
      document.querySelector('tr[data-testid="data-row"]')?.textContent?.includes('reviewer-40@'),
    );
    await expectRowCount(page, 10);
    await expect(emailHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    await expect(rowEmails(page)).resolves.toEqual(Array.from({ length: 10 }, (_, i) => emailOf(40 - i)));

    // Back twice more: page 3 in the default order, then page 1 (newest first).
    await page.goBack();
    await page.goBack();
    await untilParam(page, 'sort', null);
    await page.waitForFunction(() =>
      document.querySelector('tr[data-testid="data-row"]')?.textContent?.includes('reviewer-60@'),
    );
    await expect(
      page.getByRole('columnheader', { name: 'Created At' }).getAttribute('aria-sort'),
    ).resolves.toBe('descending');
  });

  it('reviews five rows with the keyboard alone', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openWaitlist(page);
    await expectRowCount(page, 25);
    // Keys go to the page, not to a field (the tab the mouse clicked keeps no text).
    await page.locator('body').focus();

    await page.keyboard.press('j');
    const first = await focusedEmail(page);
    expect(first).toBe(emailOf(60));
    // Enter opens the row's drawer; Escape closes it.
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.getByText(first).first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // ? shows the shortcuts; Escape closes them.
    await page.keyboard.press('Shift+Slash');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });

    const plan: { key: '1' | '2' | '3'; status: string }[] = [
      { key: '3', status: 'Complete' },
      { key: '2', status: 'Pending' },
      { key: '3', status: 'Complete' },
      { key: '3', status: 'Complete' },
      { key: '2', status: 'Pending' },
    ];
    const reviewed: string[] = [];
    for (const [index, step] of plan.entries()) {
      if (index > 0) await page.keyboard.press('j');
      const email = await focusedEmail(page);
      expect(email).toBe(emailOf(60 - index));
      await page.keyboard.press(step.key);
      await untilStored([email], step.status);
      reviewed.push(email);
    }
    // k goes back up a row.
    await page.keyboard.press('k');
    await expect(focusedEmail(page)).resolves.toBe(emailOf(57));
    expect(reviewed).toEqual([60, 59, 58, 57, 56].map(emailOf));

    const audit = await e2e.query<{ n: string }>(
      `select count(*) as n from admin_logs where username = $1 and action = 'waitlist_entry_updated'`,
      [admin.username],
    );
    expect(Number(audit[0]!.n)).toBeGreaterThanOrEqual(5);
  });

  it('bulk-completes a selection after a confirmation naming the count', async () => {
    const { page } = await newAdminPage();
    await signIn(page, e2e.stack, admin);
    await openWaitlist(page);
    await expectRowCount(page, 25);
    const chosen = [5, 6, 7]; // reviewer-55, -54, -53: still Waiting
    for (const index of chosen)
      await rows(page).nth(index).getByRole('checkbox', { name: 'Select row' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected').waitFor();

    await bar.getByRole('button', { name: 'Set Complete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Set the status of 3 rows to Complete?').waitFor();
    await dialog.getByRole('button', { name: 'Set Complete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await untilStored([55, 54, 53].map(emailOf), 'Complete');
    await bar.waitFor({ state: 'detached' });
    // Their neighbours kept their status.
    await untilStored([52, 51].map(emailOf), 'Waiting');
  });
});
