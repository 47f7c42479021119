/**
 * The review lists' migrations (forms-service 20261123120000_review_lists and auth-service
 * 20261123120000_admin_log_review) on a database that already holds rows: applied, they count
 * what is there; rolled back, they leave the tables as before; applied again, the counts are
 * exact once more, whatever was written in between.
 */
import {
  MIGRATION_TABLE as AUTH_MIGRATION_TABLE,
  migrations as authMigrations,
} from '@tunnelscope/auth-service/migrations';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { MIGRATION_TABLE, migrations } from '../src/migrations/index.js';
import {
  adminCall,
  countedByHand,
  createOperator,
  createReviewContext,
  listPage,
  seedAdminLogs,
  seedContacts,
  seedVisitorLogs,
  seedVpnRequests,
  seedWaitlist,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;

beforeAll(async () => {
  ctx = await createReviewContext('review_migrations');
  admin = await createOperator(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

function migrator(table: string, set: Record<string, Migration>) {
  return new Migrator({
    db: ctx.db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => set },
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
}
const forms = () => migrator(MIGRATION_TABLE, migrations);
const auth = () => migrator(AUTH_MIGRATION_TABLE, authMigrations);

async function tableExists(name: string): Promise<boolean> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_name = ${name}`.execute(ctx.db);
  return result.rows[0]!.n === 1;
}

async function logCountsByHand() {
  const result = await sql<{ visitors: number; admins: number; sent: number; logins: number }>`select
    (select count(*) from registration_logs)::int as visitors,
    (select count(*) from admin_logs)::int as admins,
    (select count(*) from registration_logs where action = 'otp_sent')::int as sent,
    (select count(*) from admin_logs where action in ('login_success', 'login_failed'))::int as logins`.execute(
    ctx.db,
  );
  return result.rows[0]!;
}

/** The overview, the list totals and the logs totals all equal count(*). */
async function expectExactCounts() {
  const res = await adminCall(ctx, admin, 'GET', '/dashboard/overview');
  expect(res.json().data.stats).toEqual({
    waitlist: await countedByHand(ctx, 'waitlist_entries'),
    vpnRequests: await countedByHand(ctx, 'vpn_requests'),
    contacts: await countedByHand(ctx, 'contact_forms'),
  });
  const logs = await logCountsByHand();
  expect((await listPage(ctx, admin, 'logs')).pagination.total).toBe(logs.visitors + logs.admins);
  expect((await listPage(ctx, admin, 'logs', { action: 'otp_sent' })).pagination.total).toBe(logs.sent);
  expect((await listPage(ctx, admin, 'logs', { action: 'admin_login' })).pagination.total).toBe(logs.logins);
}

async function seedSome(tag: string) {
  await seedWaitlist(ctx, [
    { email: `${tag}-1@example.com`, is_verified: true },
    { email: `${tag}-2@example.com` },
  ]);
  await seedVpnRequests(ctx, [{ vpn_name: tag, user_email: `${tag}@example.com`, is_verified: true }]);
  await seedContacts(ctx, [
    { email: `${tag}@example.com` },
    { email: `${tag}-b@example.com`, is_verified: true },
  ]);
  await seedVisitorLogs(ctx, [
    { action: 'otp_sent', email: `${tag}@example.com`, created_at: new Date() },
    { action: 'waitlist_attempt', email: `${tag}@example.com`, created_at: new Date() },
  ]);
  await seedAdminLogs(ctx, [
    { action: 'login_success', username: tag, created_at: new Date() },
    { action: 'logout', username: tag, created_at: new Date() },
  ]);
}

describe('the review lists migrations', () => {
  it('keep exact counts of the rows written with them in place', async () => {
    await seedSome('first');
    await expectExactCounts();
  });

  it('roll back to the tables as they were, without the counts', async () => {
    // Back to before the review migration (later forms migrations, such as issue 17's hand-off, go first).
    const formsDown = await forms().migrateTo('20251123000000_public_forms');
    expect(formsDown.error).toBeUndefined();
    expect(formsDown.results?.map((r) => r.migrationName)).toContain('20261123120000_review_lists');
    // Back to before the review migration (later auth migrations, such as issue 13's outbox, go first).
    const authDown = await auth().migrateTo('20261123000000_admin_tables');
    expect(authDown.error).toBeUndefined();
    expect(authDown.results?.map((r) => r.migrationName)).toContain('20261123120000_admin_log_review');

    expect(await tableExists('list_row_counts')).toBe(false);
    expect(await tableExists('admin_log_counts')).toBe(false);
    expect(await tableExists('waitlist_entries')).toBe(true);
    const triggers = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.triggers
      where event_object_table in ('waitlist_entries', 'vpn_requests', 'contact_forms', 'registration_logs', 'admin_logs')`.execute(
      ctx.db,
    );
    expect(triggers.rows[0]!.n).toBe(0);
    // The rows themselves are untouched, and writes go on without the triggers.
    await seedSome('between');
    await sql`update waitlist_entries set is_verified = true where email = 'between-2@example.com'`.execute(
      ctx.db,
    );
    await sql`delete from contact_forms where email = 'first@example.com'`.execute(ctx.db);
    await sql`delete from registration_logs where email = 'first@example.com' and action = 'otp_sent'`.execute(
      ctx.db,
    );
  });

  it('count every row already there when applied again', async () => {
    const formsUp = await forms().migrateToLatest();
    expect(formsUp.error).toBeUndefined();
    const authUp = await auth().migrateToLatest();
    expect(authUp.error).toBeUndefined();
    expect(await tableExists('list_row_counts')).toBe(true);
    expect(await tableExists('admin_log_counts')).toBe(true);
    await expectExactCounts();
  });

  it('keep counting after being applied again', async () => {
    await seedSome('after');
    await sql`update contact_forms set is_verified = not is_verified`.execute(ctx.db);
    await sql`delete from admin_logs where username = 'between'`.execute(ctx.db);
    await expectExactCounts();
  });
});
