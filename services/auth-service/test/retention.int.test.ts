/**
 * The retention purge of auth-service (issue 16): dead sessions last used more than
 * SESSION_RETENTION_DAYS ago and codes spent or expired more than CODE_RETENTION_DAYS ago go;
 * rows just inside the periods, live sessions (even Remember-me ones unused for weeks) and every
 * admin audit row stay; a run that deleted anything leaves one `retention_purge` row.
 */
import { sql } from 'kysely';
import { createAuthRetention } from '../src/retention/retention-purge.js';
import { createAdmin, createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext('retention');
});
afterAll(() => ctx.close());

const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms);

describe('auth-service retention purge', () => {
  it('deletes only dead sessions and spent codes outside their periods, in batches', async () => {
    const admin = await createAdmin(ctx);
    const adminId = admin.row.id;
    const session = async (
      label: string,
      s: { active: boolean; remember: boolean; lastUsed: number; expiresIn: number },
    ) => {
      const r = await sql<{ id: string }>`
        insert into admin_sessions (admin_id, session_token, is_active, remember_me, last_activity, expires_at)
        values (${adminId}, ${label}, ${s.active}, ${s.remember}, ${ago(s.lastUsed)}, ${ago(-s.expiresIn)})
        returning id`.execute(ctx.db);
      return r.rows[0]!.id;
    };
    const gone = [
      await session('ended-old', {
        active: false,
        remember: false,
        lastUsed: 7 * DAY + MINUTE,
        expiresIn: DAY,
      }),
      await session('expired-old', { active: true, remember: true, lastUsed: 8 * DAY, expiresIn: -DAY }),
      await session('idle-old', { active: true, remember: false, lastUsed: 30 * DAY, expiresIn: DAY }),
    ];
    const kept = [
      await session('ended-recent', {
        active: false,
        remember: false,
        lastUsed: 7 * DAY - MINUTE,
        expiresIn: DAY,
      }),
      await session('remember-live', {
        active: true,
        remember: true,
        lastUsed: 20 * DAY,
        expiresIn: 10 * DAY,
      }),
      await session('live', { active: true, remember: false, lastUsed: MINUTE, expiresIn: DAY }),
    ];
    // An audit row that names a purged session, and older ones: all stay.
    await sql`insert into admin_logs (admin_id, session_id, username, action, created_at)
      values (${adminId}, ${gone[0]!}, 'x', 'logout', ${ago(9 * DAY)}),
             (${adminId}, null, 'x', 'login_success', ${ago(400 * DAY)})`.execute(ctx.db);
    const code = (label: string, used: boolean, createdAgo: number, expiredAgo: number) =>
      sql`insert into admin_otp_codes (admin_id, code, purpose, is_used, created_at, expires_at)
        values (${adminId}, ${label}, 'login_2fa', ${used}, ${ago(createdAgo)}, ${ago(expiredAgo)})`.execute(
        ctx.db,
      );
    await code('expired-old', false, 7 * DAY + 10 * MINUTE, 7 * DAY + MINUTE);
    await code('used-old', true, 7 * DAY + MINUTE, -DAY);
    await code('expired-recent', false, 7 * DAY, 7 * DAY - MINUTE);
    await code('used-recent', true, DAY, DAY - MINUTE);
    await code('live', false, MINUTE, -5 * MINUTE);
    const auditBefore = await sql<{ id: string; action: string }>`
      select id, action from admin_logs order by id`.execute(ctx.db);

    const retention = createAuthRetention({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.app.log,
      policy: { sessionRetentionDays: 7, codeRetentionDays: 7, batchSize: 2 },
    });
    expect(await retention.runOnce()).toMatchObject({ sessionsDeleted: 3, codesDeleted: 2 });

    const sessions = await sql<{ id: string }>`select id from admin_sessions`.execute(ctx.db);
    const left = sessions.rows.map((r) => r.id);
    for (const id of gone) expect(left).not.toContain(id);
    for (const id of kept) expect(left).toContain(id);
    const codes = await sql<{ code: string }>`select code from admin_otp_codes order by code`.execute(ctx.db);
    expect(codes.rows.map((r) => r.code)).toEqual(['expired-recent', 'live', 'used-recent']);

    const auditAfter = await sql<{ id: string; action: string }>`
      select id, action from admin_logs order by id`.execute(ctx.db);
    expect(auditAfter.rows.filter((r) => r.action !== 'retention_purge')).toEqual(auditBefore.rows);
    const runs = await sql<{ details: Record<string, unknown> }>`
      select details from admin_logs where action = 'retention_purge'`.execute(ctx.db);
    expect(runs.rows).toHaveLength(1);
    expect(runs.rows[0]!.details).toMatchObject({ sessionsDeleted: 3, codesDeleted: 2 });

    // Nothing left to purge: nothing changes, no second row.
    expect(await retention.runOnce()).toMatchObject({ sessionsDeleted: 0, codesDeleted: 0 });
    const again = await sql<{ n: string }>`
      select count(*) as n from admin_logs where action = 'retention_purge'`.execute(ctx.db);
    expect(Number(again.rows[0]!.n)).toBe(1);
  });
});
