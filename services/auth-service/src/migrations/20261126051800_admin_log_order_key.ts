/**
 * One order for the merged Logs list (issue 16; forms-service serves it): `log_seq`, drawn from
 * the sequence `log_order_seq` that `admin_logs` shares with forms-service's
 * `registration_logs`, breaks ties of `created_at` with a key unique across both tables, so the
 * list's order `(created_at, log_seq)` is each side's index order and PostgreSQL merges the two
 * sides without sorting either again. Existing rows are numbered when the column is added.
 * Also: a partial index for the "failed only" filter, and indexes for the retention job's sweep
 * of dead sessions and spent codes. Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  // forms-service's migration creates it too (whichever runs first); neither owns it alone.
  `create sequence if not exists log_order_seq as bigint`,
  `alter table admin_logs add column log_seq bigint not null default nextval('log_order_seq')`,
  `drop index if exists admin_logs_created_at_idx`,
  `drop index if exists admin_logs_action_created_id_idx`,
  `create index admin_logs_created_at_seq_idx on admin_logs (created_at, log_seq)`,
  `create index admin_logs_action_created_at_seq_idx on admin_logs (action, created_at, log_seq)`,
  `create index admin_logs_failed_created_at_seq_idx on admin_logs (created_at, log_seq) where not success`,
  `create index admin_sessions_last_activity_idx on admin_sessions (last_activity)`,
  `create index admin_otp_codes_expires_at_idx on admin_otp_codes (expires_at)`,
];

const DOWN = [
  'drop index if exists admin_otp_codes_expires_at_idx',
  'drop index if exists admin_sessions_last_activity_idx',
  'drop index if exists admin_logs_failed_created_at_seq_idx',
  'drop index if exists admin_logs_action_created_at_seq_idx',
  'drop index if exists admin_logs_created_at_seq_idx',
  'create index admin_logs_created_at_idx on admin_logs (created_at desc, id desc)',
  'create index admin_logs_action_created_id_idx on admin_logs (action, created_at, id)',
  'alter table admin_logs drop column if exists log_seq',
  // The sequence stays: registration_logs may still draw from it.
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
