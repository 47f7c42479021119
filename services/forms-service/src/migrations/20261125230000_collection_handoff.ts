/**
 * The outbox of the hand-off from a completed VPN request to the collection list (issue 17):
 * one row per request, written in the transaction that marks it Complete, `enqueued_at` set once
 * the job is on the `collection-targets` queue. The row outlives the request (no foreign key):
 * deleting a request after completing it does not take its VPN off the list.
 * Requests already Complete are queued too, so the sweep delivers them on its first run.
 * Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table collection_target_handoffs (
      request_id uuid primary key,
      vpn_name varchar(100) not null,
      request_number varchar(32),
      queued_at timestamptz not null default now(),
      enqueued_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`
    create index collection_target_handoffs_pending_idx on collection_target_handoffs (queued_at)
    where enqueued_at is null`.execute(db);
  await sql`
    insert into collection_target_handoffs (request_id, vpn_name, request_number)
    select id, vpn_name, request_number from vpn_requests where status = 'Complete'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists collection_target_handoffs`.execute(db);
}
