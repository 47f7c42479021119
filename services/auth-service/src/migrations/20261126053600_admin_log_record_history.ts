/**
 * A review record's history (issue 16 item 4): forms-service reads the audit rows of one record
 * (`resource`, `resource_id`), newest first, when an operator opens its detail. Without an index
 * that is a scan of the whole audit table, which grows without end (its rows are never deleted).
 * Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index admin_logs_record_history_idx
    on admin_logs (resource, resource_id, created_at desc, id desc)
    where resource_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists admin_logs_record_history_idx`.execute(db);
}
