/**
 * The detection API's keys and their durable usage (issue 12), in the application database.
 * - `api_keys`: only the SHA-256 of a key is kept (`key_hash`, unique); a rotation keeps the old
 *   hash in `previous_key_hash` until `grace_until`. A revoked key keeps its row (`revoked_at`).
 * - `api_key_usage_daily`: calls per key and UTC day, rolled up from the Redis counters so the
 *   30-day chart and billing survive a Redis restart.
 * Frozen in time: this file never imports application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_keys (
    id uuid primary key default gen_random_uuid(),
    name varchar(100) not null,
    owner_email varchar(254) not null,
    key_hash bytea not null unique check (octet_length(key_hash) = 32),
    prefix varchar(16) not null,
    daily_quota integer not null check (daily_quota > 0),
    burst_per_second integer not null check (burst_per_second > 0),
    allow_export boolean not null default false,
    allowed_networks cidr[] not null default '{}',
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz,
    previous_key_hash bytea unique check (octet_length(previous_key_hash) = 32),
    grace_until timestamptz
  )`.execute(db);
  await sql`create index api_keys_created_at_idx on api_keys (created_at, id)`.execute(db);
  await sql`create index api_keys_owner_email_idx on api_keys (lower(owner_email))`.execute(db);
  await sql`create table api_key_usage_daily (
    key_id uuid not null references api_keys (id) on delete cascade,
    day date not null,
    count bigint not null default 0 check (count >= 0),
    primary key (key_id, day)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists api_key_usage_daily`.execute(db);
  await sql`drop table if exists api_keys`.execute(db);
}
