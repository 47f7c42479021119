import { sql, type Kysely } from 'kysely';

/**
 * The IP database's data version: one row, bumped by every writer that changes the addresses a
 * lookup answers from (the dataset generator at the end of a generation, and any later loader of
 * addresses). Every lookup-service replica polls it and rebuilds its in-memory index when it
 * changes, so a writer that forgets to bump it leaves the API answering old data.
 *
 * One row (the `id = 1` check), not a log: the replicas only need "has it changed, and since
 * when". Bump with `update data_version set version = version + 1, changed_at = now()`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table data_version (
      id smallint primary key default 1 check (id = 1),
      version bigint not null,
      changed_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`insert into data_version (id, version, changed_at) values (1, 1, now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists data_version`.execute(db);
}
