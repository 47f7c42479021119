/**
 * One order for the merged Logs list (issue 16): `log_seq`, drawn from the sequence
 * `log_order_seq` that `registration_logs` and auth-service's `admin_logs` share, breaks ties of
 * `created_at` with a key that is unique across both tables. The list's order is
 * `(created_at, log_seq)` on both sides, so PostgreSQL merges the two sides' index order
 * (Merge Append) instead of sorting one side again for a tie-break on (side, id), which made a
 * deep page cost three times its target. Existing rows are numbered when the column is added.
 * Also: a partial index for the "failed only" filter, and for the retention job's sweep of
 * spent codes on the three form tables. Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  // auth-service's migration creates it too (whichever runs first); neither owns it alone.
  `create sequence if not exists log_order_seq as bigint`,
  `alter table registration_logs add column log_seq bigint not null default nextval('log_order_seq')`,
  `drop index if exists registration_logs_created_at_id_idx`,
  `drop index if exists registration_logs_action_created_at_id_idx`,
  `create index registration_logs_created_at_seq_idx on registration_logs (created_at, log_seq)`,
  `create index registration_logs_action_created_at_seq_idx on registration_logs (action, created_at, log_seq)`,
  `create index registration_logs_failed_created_at_seq_idx on registration_logs (created_at, log_seq) where not success`,
  // The retention job clears codes that expired long ago; live codes are a handful of rows.
  `create index waitlist_entries_code_expiry_idx on waitlist_entries (otp_expiry) where otp_code_hash is not null`,
  `create index vpn_requests_code_expiry_idx on vpn_requests (otp_expiry) where otp_code_hash is not null`,
  `create index contact_forms_code_expiry_idx on contact_forms (otp_expiry) where otp_code_hash is not null`,
];

const DOWN = [
  'drop index if exists contact_forms_code_expiry_idx',
  'drop index if exists vpn_requests_code_expiry_idx',
  'drop index if exists waitlist_entries_code_expiry_idx',
  'drop index if exists registration_logs_failed_created_at_seq_idx',
  'drop index if exists registration_logs_action_created_at_seq_idx',
  'drop index if exists registration_logs_created_at_seq_idx',
  'create index registration_logs_created_at_id_idx on registration_logs (created_at, id)',
  'create index registration_logs_action_created_at_id_idx on registration_logs (action, created_at, id)',
  'alter table registration_logs drop column if exists log_seq',
  // The sequence stays: admin_logs may still draw from it.
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
