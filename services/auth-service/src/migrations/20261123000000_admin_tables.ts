import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('admin', 'view_only')`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('failed_login_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_locked_until', 'timestamptz')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    // Encrypted (AES-GCM) by the service; the pending one holds a secret between setup and verify.
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_pending_secret', 'text')
    // The last TOTP time step accepted, so a code is never accepted twice.
    .addColumn('two_factor_last_step', 'bigint')
    // Hashes of the single-use backup codes still unused.
    .addColumn('backup_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('last_login', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Sign-in looks accounts up case-insensitively; uniqueness must hold the same way.
  await sql`create unique index admin_users_username_lower_key on admin_users (lower(username))`.execute(db);
  await sql`create unique index admin_users_email_lower_key on admin_users (lower(email))`.execute(db);

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    // SHA-256 of the cookie's token; the token itself is never stored.
    .addColumn('session_token', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remember_me', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_activity', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('admin_sessions_admin_id_idx')
    .on('admin_sessions')
    .column('admin_id')
    .execute();
  await sql`create index admin_sessions_active_expiry_idx on admin_sessions (expires_at) where is_active`.execute(
    db,
  );

  await db.schema
    .createTable('admin_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('session_id', 'uuid', (c) => c.references('admin_sessions.id').onDelete('set null'))
    // Who tried, even when no account matched (login_failed for an unknown username).
    .addColumn('username', 'varchar(50)')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('resource', 'varchar(100)')
    .addColumn('resource_id', 'varchar(255)')
    .addColumn('details', 'jsonb')
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index admin_logs_created_at_idx on admin_logs (created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('admin_logs_admin_id_idx').on('admin_logs').column('admin_id').execute();
  await db.schema.createIndex('admin_logs_session_id_idx').on('admin_logs').column('session_id').execute();
  await sql`create index admin_logs_action_created_idx on admin_logs (action, created_at desc)`.execute(db);

  await db.schema
    .createTable('admin_otp_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    // A hash: of the login challenge (purpose login_2fa) or of any other one-time code.
    .addColumn('code', 'varchar(128)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(50)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('admin_otp_codes_code_idx')
    .on('admin_otp_codes')
    .columns(['code', 'purpose'])
    .execute();
  await db.schema
    .createIndex('admin_otp_codes_admin_idx')
    .on('admin_otp_codes')
    .columns(['admin_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['admin_otp_codes', 'admin_logs', 'admin_sessions', 'admin_users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
