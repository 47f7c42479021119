/**
 * What the operators' merged Logs list (served by forms-service, see docs/ARCHITECTURE.md) needs
 * from `admin_logs` at a million rows: an `(action, created_at, id)` index so an action filter
 * reads its rows in time order, trigram indexes for the search on username and address, and
 * `admin_log_counts`, kept exact by statement-level triggers, so the list's total is one small
 * read. Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  // Nothing may be written between the initial counts and the triggers that keep them.
  `lock table admin_logs in share row exclusive mode`,
  `create table admin_log_counts (
    action varchar(100) primary key,
    n bigint not null default 0
  )`,
  // Actions are touched in a fixed order so two transactions never wait on each other crosswise.
  `create function count_admin_log_rows() returns trigger language plpgsql as $fn$
  begin
    if TG_OP = 'TRUNCATE' then
      delete from admin_log_counts;
    elsif TG_OP = 'INSERT' then
      insert into admin_log_counts as c (action, n)
        select action, count(*) from new_rows group by action order by action
      on conflict (action) do update set n = c.n + excluded.n;
    else
      insert into admin_log_counts as c (action, n)
        select action, -count(*) from old_rows group by action order by action
      on conflict (action) do update set n = c.n + excluded.n;
    end if;
    return null;
  end
  $fn$`,
  `create trigger admin_logs_count_insert after insert on admin_logs
     referencing new table as new_rows for each statement execute function count_admin_log_rows()`,
  `create trigger admin_logs_count_delete after delete on admin_logs
     referencing old table as old_rows for each statement execute function count_admin_log_rows()`,
  `create trigger admin_logs_count_truncate after truncate on admin_logs
     for each statement execute function count_admin_log_rows()`,
  `insert into admin_log_counts (action, n) select action, count(*) from admin_logs group by action`,

  `create extension if not exists pg_trgm`,
  `drop index admin_logs_action_created_idx`,
  `create index admin_logs_action_created_id_idx on admin_logs (action, created_at, id)`,
  `create index admin_logs_username_trgm_idx on admin_logs using gin (username gin_trgm_ops)`,
  `create index admin_logs_ip_trgm_idx on admin_logs using gin (ip_address gin_trgm_ops)`,
];

const DOWN = [
  'drop index if exists admin_logs_ip_trgm_idx',
  'drop index if exists admin_logs_username_trgm_idx',
  'drop index if exists admin_logs_action_created_id_idx',
  'create index admin_logs_action_created_idx on admin_logs (action, created_at desc)',
  'drop trigger if exists admin_logs_count_truncate on admin_logs',
  'drop trigger if exists admin_logs_count_delete on admin_logs',
  'drop trigger if exists admin_logs_count_insert on admin_logs',
  'drop function if exists count_admin_log_rows()',
  'drop table if exists admin_log_counts',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
