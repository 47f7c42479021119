/**
 * The retention purge (issue 16): visitor logs older than LOG_RETENTION_DAYS go, codes that
 * expired more than CODE_RETENTION_DAYS ago are cleared, rows just inside either period stay,
 * admin audit rows are never touched, and a run that changed anything leaves one
 * `retention_purge` row in admin_logs.
 */
import { sql } from 'kysely';
import { runFormsRetention } from '../src/retention/retention-purge.js';
import { createReviewContext } from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
const DAY = 86_400_000;
const MINUTE = 60_000;
const policy = { logRetentionDays: 90, codeRetentionDays: 7, batchSize: 2 };

beforeAll(async () => {
  ctx = await createReviewContext('retention');
});
afterAll(() => ctx.close());

const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms);
const run = () => runFormsRetention({ db: ctx.db, clock: ctx.clock, log: ctx.app.log, policy });

async function seed() {
  // Five rows just outside the period (more than one batch of 2), two just inside it.
  for (const [email, age] of [
    ['old1@example.com', 90 * DAY + MINUTE],
    ['old2@example.com', 91 * DAY],
    ['old3@example.com', 200 * DAY],
    ['old4@example.com', 365 * DAY],
    ['old5@example.com', 90 * DAY + 1000],
    ['keep1@example.com', 90 * DAY - MINUTE],
    ['keep2@example.com', DAY],
  ] as const) {
    await sql`insert into registration_logs (email, action, success, created_at)
      values (${email}, 'otp_sent', true, ${ago(age)})`.execute(ctx.db);
  }
  // Admin audit rows of every age stay.
  for (const age of [400 * DAY, 91 * DAY, DAY]) {
    await sql`insert into admin_logs (username, action, success, created_at)
      values ('root_admin', 'logout', true, ${ago(age)})`.execute(ctx.db);
  }
  // Codes: expired 7 days and a minute ago (cleared), 7 days less a minute (kept), still valid (kept).
  for (const [email, expiredAgo] of [
    ['code-old@example.com', 7 * DAY + MINUTE],
    ['code-recent@example.com', 7 * DAY - MINUTE],
    ['code-live@example.com', -10 * MINUTE],
  ] as const) {
    await sql`insert into waitlist_entries (email, otp_code_hash, otp_expiry, created_at)
      values (${email}, ${'a'.repeat(64)}, ${ago(expiredAgo)}, ${ago(30 * DAY)})`.execute(ctx.db);
  }
  await sql`insert into contact_forms (name, email, subject, message, otp_code_hash, otp_expiry)
    values ('A', 'contact-old@example.com', 'S', 'M', ${'b'.repeat(64)}, ${ago(8 * DAY)})`.execute(ctx.db);
}

describe('retention purge', () => {
  it('deletes only what is outside its period, in batches, and records the run', async () => {
    await seed();
    const adminBefore = await sql<{ id: string; created_at: Date; session_id: string | null }>`
      select id, created_at, session_id from admin_logs order by id`.execute(ctx.db);

    const result = await run();
    expect(result).toMatchObject({ registrationLogsDeleted: 5, codesCleared: 2 });

    const logs = await sql<{ email: string }>`select email from registration_logs order by email`.execute(
      ctx.db,
    );
    expect(logs.rows.map((r) => r.email)).toEqual(['keep1@example.com', 'keep2@example.com']);

    const codes = await sql<{ email: string; has_code: boolean }>`
      select email, otp_code_hash is not null as has_code from waitlist_entries
      union all select email, otp_code_hash is not null from contact_forms order by email`.execute(ctx.db);
    expect(codes.rows).toEqual([
      { email: 'code-live@example.com', has_code: true },
      { email: 'code-old@example.com', has_code: false },
      { email: 'code-recent@example.com', has_code: true },
      { email: 'contact-old@example.com', has_code: false },
    ]);
    // The rows whose code was cleared are kept.
    const waitlist = await sql<{ n: string }>`select count(*) as n from waitlist_entries`.execute(ctx.db);
    expect(Number(waitlist.rows[0]!.n)).toBe(3);

    // Every earlier admin row is still there, unchanged; one more records the run.
    const adminAfter = await sql<{ id: string; created_at: Date; session_id: string | null; action: string }>`
      select id, created_at, session_id, action from admin_logs order by id`.execute(ctx.db);
    expect(
      adminAfter.rows.filter((r) => r.action !== 'retention_purge').map(({ action: _a, ...r }) => r),
    ).toEqual(adminBefore.rows);
    const runs = adminAfter.rows.filter((r) => r.action === 'retention_purge');
    expect(runs).toHaveLength(1);
    const details = await sql<{ details: Record<string, unknown> }>`
      select details from admin_logs where action = 'retention_purge'`.execute(ctx.db);
    expect(details.rows[0]!.details).toMatchObject({ registrationLogsDeleted: 5, codesCleared: 2 });
  });

  it('a run with nothing to purge changes nothing and writes no row', async () => {
    const result = await run();
    expect(result).toMatchObject({ registrationLogsDeleted: 0, codesCleared: 0 });
    const runs = await sql<{ n: string }>`
      select count(*) as n from admin_logs where action = 'retention_purge'`.execute(ctx.db);
    expect(Number(runs.rows[0]!.n)).toBe(1);
  });

  it('keeps the trigger-kept counts exact', async () => {
    const kept = await sql<{ n: string }>`
      select coalesce(sum(n), 0) as n from list_row_counts where list = 'registration_logs'`.execute(ctx.db);
    expect(Number(kept.rows[0]!.n)).toBe(2);
  });
});
