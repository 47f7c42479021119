/**
 * Concurrent review of the form lists (issue 16): each row of waitlist_entries, vpn_requests and
 * contact_forms gets a `version` (1, then +1 at every status or notes change, so a PATCH that
 * edited an older version is refused instead of overwriting) and `updated_by`, the operator who
 * last changed it (`updated_at` exists since the first migration). Both columns have constant
 * defaults, which PostgreSQL adds without rewriting the table, so a million rows cost nothing.
 * Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['waitlist_entries', 'vpn_requests', 'contact_forms'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)}
        add column version integer not null default 1,
        add column updated_by varchar(50)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)} drop column if exists version, drop column if exists updated_by`.execute(
      db,
    );
  }
}
