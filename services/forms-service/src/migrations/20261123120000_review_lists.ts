/**
 * What the operators' review lists need to stay fast at a million rows per table (issue 6):
 * - `(sort column, id)` b-tree indexes, so a page (first or deep) is an index-only scan of ids;
 * - trigram GIN indexes for the substring searches (e-mail, names, subjects, addresses);
 * - `list_row_counts`, kept exact by statement-level triggers, so a list's total and the
 *   overview's figures are one small read instead of a count over a million rows.
 * Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

const COUNTED_TABLES = [
  // [table, list name, column the count is bucketed by]
  ['waitlist_entries', 'waitlist', 'is_verified'],
  ['vpn_requests', 'vpn_requests', 'is_verified'],
  ['contact_forms', 'contacts', 'is_verified'],
  ['registration_logs', 'registration_logs', 'action'],
] as const;

const UP_BEFORE_TRIGGERS = [
  // Nothing may be written between the initial counts and the triggers that keep them.
  `lock table waitlist_entries, vpn_requests, contact_forms, registration_logs in share row exclusive mode`,

  `create table list_row_counts (
    list varchar(50) not null,
    bucket varchar(100) not null,
    n bigint not null default 0,
    primary key (list, bucket)
  )`,

  // One function for the four tables: TG_ARGV[0] is the list, TG_ARGV[1] the bucket column.
  // Buckets are touched in a fixed order so two transactions never wait on each other crosswise.
  `create function count_list_rows() returns trigger language plpgsql as $fn$
  declare
    changes text;
  begin
    if TG_OP = 'TRUNCATE' then
      delete from list_row_counts where list = TG_ARGV[0];
      return null;
    elsif TG_OP = 'INSERT' then
      changes := format('select %I::text as b, 1 as d from new_rows', TG_ARGV[1]);
    elsif TG_OP = 'DELETE' then
      changes := format('select %I::text as b, -1 as d from old_rows', TG_ARGV[1]);
    else
      changes := format('select %I::text as b, 1 as d from new_rows union all select %I::text, -1 from old_rows',
        TG_ARGV[1], TG_ARGV[1]);
    end if;
    execute format(
      'insert into list_row_counts as c (list, bucket, n)
         select %L, b, sum(d) from (%s) x group by b having sum(d) <> 0 order by b
       on conflict (list, bucket) do update set n = c.n + excluded.n',
      TG_ARGV[0], changes);
    return null;
  end
  $fn$`,

  // ---- waitlist_entries: sort by created_at or email; search on email ----
  `drop index waitlist_entries_created_at_idx`,
  `create index waitlist_entries_created_at_id_idx on waitlist_entries (created_at, id)`,
  `create index waitlist_entries_verified_created_at_id_idx on waitlist_entries (is_verified, created_at, id)`,
  `create index waitlist_entries_email_id_idx on waitlist_entries (email, id)`,
  `create index waitlist_entries_email_trgm_idx on waitlist_entries using gin (email gin_trgm_ops)`,

  // ---- vpn_requests: sort by created_at, vpn_name or user_email; search on both ----
  `drop index vpn_requests_created_at_idx`,
  `create index vpn_requests_created_at_id_idx on vpn_requests (created_at, id)`,
  `create index vpn_requests_verified_created_at_id_idx on vpn_requests (is_verified, created_at, id)`,
  `create index vpn_requests_vpn_name_id_idx on vpn_requests (vpn_name, id)`,
  `create index vpn_requests_user_email_id_idx on vpn_requests (user_email, id)`,
  `create index vpn_requests_user_email_trgm_idx on vpn_requests using gin (user_email gin_trgm_ops)`,
  `create index vpn_requests_vpn_name_trgm_idx on vpn_requests using gin (vpn_name gin_trgm_ops)`,

  // ---- contact_forms: sort by created_at or email; search on email, name and subject ----
  `drop index contact_forms_created_at_idx`,
  `create index contact_forms_created_at_id_idx on contact_forms (created_at, id)`,
  `create index contact_forms_verified_created_at_id_idx on contact_forms (is_verified, created_at, id)`,
  `create index contact_forms_email_id_idx on contact_forms (email, id)`,
  `create index contact_forms_email_trgm_idx on contact_forms using gin (email gin_trgm_ops)`,
  `create index contact_forms_name_trgm_idx on contact_forms using gin (name gin_trgm_ops)`,
  `create index contact_forms_subject_trgm_idx on contact_forms using gin (subject gin_trgm_ops)`,

  // ---- registration_logs: merged by time with admin_logs; filtered by action; search on e-mail and address ----
  `drop index registration_logs_created_at_idx`,
  `drop index registration_logs_action_created_at_idx`,
  `create index registration_logs_created_at_id_idx on registration_logs (created_at, id)`,
  `create index registration_logs_action_created_at_id_idx on registration_logs (action, created_at, id)`,
  `create index registration_logs_email_trgm_idx on registration_logs using gin (email gin_trgm_ops)`,
  `create index registration_logs_ip_trgm_idx on registration_logs using gin (ip_address gin_trgm_ops)`,
];

function triggerStatements(table: string, list: string, bucket: string): string[] {
  const args = `'${list}', '${bucket}'`;
  return [
    `create trigger ${table}_count_insert after insert on ${table}
       referencing new table as new_rows for each statement execute function count_list_rows(${args})`,
    `create trigger ${table}_count_delete after delete on ${table}
       referencing old table as old_rows for each statement execute function count_list_rows(${args})`,
    `create trigger ${table}_count_update after update on ${table}
       referencing old table as old_rows new table as new_rows for each statement execute function count_list_rows(${args})`,
    `create trigger ${table}_count_truncate after truncate on ${table}
       for each statement execute function count_list_rows(${args})`,
    `insert into list_row_counts (list, bucket, n)
       select '${list}', ${bucket}::text, count(*) from ${table} group by 2`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP_BEFORE_TRIGGERS) await sql.raw(statement).execute(db);
  for (const [table, list, bucket] of COUNTED_TABLES) {
    for (const statement of triggerStatements(table, list, bucket)) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of COUNTED_TABLES) {
    for (const op of ['insert', 'delete', 'update', 'truncate']) {
      await sql.raw(`drop trigger if exists ${table}_count_${op} on ${table}`).execute(db);
    }
  }
  await sql.raw('drop function if exists count_list_rows()').execute(db);
  await sql.raw('drop table if exists list_row_counts').execute(db);
  for (const statement of [
    'drop index if exists registration_logs_ip_trgm_idx',
    'drop index if exists registration_logs_email_trgm_idx',
    'drop index if exists registration_logs_action_created_at_id_idx',
    'drop index if exists registration_logs_created_at_id_idx',
    'create index registration_logs_created_at_idx on registration_logs (created_at desc)',
    'create index registration_logs_action_created_at_idx on registration_logs (action, created_at desc)',
    'drop index if exists contact_forms_subject_trgm_idx',
    'drop index if exists contact_forms_name_trgm_idx',
    'drop index if exists contact_forms_email_trgm_idx',
    'drop index if exists contact_forms_email_id_idx',
    'drop index if exists contact_forms_verified_created_at_id_idx',
    'drop index if exists contact_forms_created_at_id_idx',
    'create index contact_forms_created_at_idx on contact_forms (created_at desc)',
    'drop index if exists vpn_requests_vpn_name_trgm_idx',
    'drop index if exists vpn_requests_user_email_trgm_idx',
    'drop index if exists vpn_requests_user_email_id_idx',
    'drop index if exists vpn_requests_vpn_name_id_idx',
    'drop index if exists vpn_requests_verified_created_at_id_idx',
    'drop index if exists vpn_requests_created_at_id_idx',
    'create index vpn_requests_created_at_idx on vpn_requests (created_at desc)',
    'drop index if exists waitlist_entries_email_trgm_idx',
    'drop index if exists waitlist_entries_email_id_idx',
    'drop index if exists waitlist_entries_verified_created_at_id_idx',
    'drop index if exists waitlist_entries_created_at_id_idx',
    'create index waitlist_entries_created_at_idx on waitlist_entries (created_at desc)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
