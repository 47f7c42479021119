/**
 * A deep page of the merged Logs list (more than 20,000 keys per side), read by merging both
 * sides' (created_at, log_seq) index order: it must answer exactly the rows a plain ordering of
 * both tables puts there, ties on the same instant included.
 */
import { sql } from 'kysely';
import { createOperator, createReviewContext, listPage, type Operator } from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;

beforeAll(async () => {
  ctx = await createReviewContext('review_logs_deep');
  admin = await createOperator(ctx);
  // 30,000 visitor rows and 30,000 admin rows over 6,000 instants: every instant has ties on both sides.
  await sql`insert into registration_logs (email, action, success, created_at)
    select 'v' || g || '@example.com', 'otp_sent', true,
      timestamptz '2026-01-01 00:00:00+00' + (g % 6000) * interval '1 second'
    from generate_series(1, 30000) g`.execute(ctx.db);
  await sql`insert into admin_logs (username, action, success, created_at)
    select 'op' || g, 'logout', true, timestamptz '2026-01-01 00:00:00+00' + (g % 6000) * interval '1 second'
    from generate_series(1, 30000) g`.execute(ctx.db);
});
afterAll(() => ctx.close());

/** The ids the list should hold at `offset`, from one plain ordering of both tables. */
async function expectedIds(offset: number, limit: number, order: 'asc' | 'desc'): Promise<string[]> {
  const dir = sql.raw(order);
  const result = await sql<{ id: string }>`
    select id from (
      select created_at, log_seq, 'visitor:' || id as id from registration_logs
      union all
      select created_at, log_seq, 'admin:' || id from admin_logs
    ) m
    order by created_at ${dir}, log_seq ${dir}
    offset ${offset} limit ${limit}`.execute(ctx.db);
  return result.rows.map((r) => r.id);
}

describe('GET /data/logs, deep pages', () => {
  it.each(['desc', 'asc'] as const)(
    'answers the rows of a plain ordering at offset 25,000 (%s)',
    async (order) => {
      const page = await listPage<{ id: string }>(ctx, admin, 'logs', { page: 251, limit: 100, order });
      expect(page.rows.map((r) => r.id)).toEqual(await expectedIds(25_000, 100, order));
      expect(page.pagination).toEqual({ page: 251, limit: 100, total: 60_000, pages: 600 });
    },
  );

  it('answers the last page, short, in the same order', async () => {
    // 60,000 rows in pages of 7: the 8,572nd starts at 59,997 and holds 3.
    const page = await listPage<{ id: string }>(ctx, admin, 'logs', { page: 8572, limit: 7 });
    expect(page.rows.map((r) => r.id)).toEqual(await expectedIds(59_997, 7, 'desc'));
    expect(page.rows).toHaveLength(3);
  });
});
