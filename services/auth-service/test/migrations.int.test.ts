import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import { migrate } from '../src/migrations/index.js';

describe('auth-service migrations', () => {
  let tdb: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    tdb = await createTestDatabase('auth_migrations');
    await migrate(tdb.url);
    await migrate(tdb.url); // a second run is a no-op
    client = new pg.Client({ connectionString: tdb.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await tdb.drop();
  });

  const insertAdmin = async (username: string, email: string) =>
    (
      await client.query<{ id: string; role: string; is_active: boolean }>(
        `insert into admin_users (username, email, password_hash) values ($1, $2, 'x') returning id, role, is_active`,
        [username, email],
      )
    ).rows[0]!;

  it('creates admin users with role admin and active by default', async () => {
    const admin = await insertAdmin('alice', 'alice@example.com');
    expect(admin).toMatchObject({ role: 'admin', is_active: true });
  });

  it('refuses a duplicate username or email regardless of case, and an unknown role', async () => {
    await insertAdmin('bob', 'bob@example.com');
    await expect(insertAdmin('BOB', 'other@example.com')).rejects.toThrow(/admin_users_username_lower_key/);
    await expect(insertAdmin('bobby', 'Bob@Example.com')).rejects.toThrow(/admin_users_email_lower_key/);
    await expect(
      client.query(
        `insert into admin_users (username, email, password_hash, role) values ('c1','c1@x.io','x','root')`,
      ),
    ).rejects.toThrow(/check/);
  });

  it('deletes sessions and codes with their admin and keeps the audit rows with a null admin and session', async () => {
    const admin = await insertAdmin('carol', 'carol@example.com');
    const session = (
      await client.query<{ id: string }>(
        `insert into admin_sessions (admin_id, session_token, expires_at) values ($1, 'hash-1', now() + interval '1 hour') returning id`,
        [admin.id],
      )
    ).rows[0]!;
    await client.query(
      `insert into admin_otp_codes (admin_id, code, purpose, expires_at) values ($1, 'h', 'login_2fa', now())`,
      [admin.id],
    );
    const log = (
      await client.query<{ id: string }>(
        `insert into admin_logs (admin_id, session_id, action) values ($1, $2, 'login_success') returning id`,
        [admin.id, session.id],
      )
    ).rows[0]!;

    await client.query('delete from admin_users where id = $1', [admin.id]);

    const sessions = await client.query('select 1 from admin_sessions where admin_id = $1', [admin.id]);
    const codes = await client.query('select 1 from admin_otp_codes where admin_id = $1', [admin.id]);
    const kept = await client.query('select admin_id, session_id, action from admin_logs where id = $1', [
      log.id,
    ]);
    expect(sessions.rowCount).toBe(0);
    expect(codes.rowCount).toBe(0);
    expect(kept.rows[0]).toEqual({ admin_id: null, session_id: null, action: 'login_success' });
  });

  it('bounds the audit action to 100 characters and the purpose to 50', async () => {
    await expect(
      client.query(`insert into admin_logs (action) values ($1)`, ['a'.repeat(101)]),
    ).rejects.toThrow(/too long/);
  });

  it('keeps one outbox row per mail job id, and rolls the outbox back with its down', async () => {
    const insert = () =>
      client.query(
        `insert into admin_mail_outbox (job_id, sealed_job, next_attempt_at) values ('job-1', 'v1.x', now())`,
      );
    await insert();
    await expect(insert()).rejects.toThrow(/unique/);
    const { down } = await import('../src/migrations/20261125220000_admin_mail_outbox.js');
    const { createDb } = await import('@tunnelscope/service-kit');
    const db = createDb(tdb.url, { max: 1 });
    try {
      await down(db);
      const gone = await client.query(`select to_regclass('admin_mail_outbox') as t`);
      expect(gone.rows[0]).toEqual({ t: null });
    } finally {
      await db.destroy();
    }
  });
});
