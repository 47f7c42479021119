/**
 * The public forms' tables. Frozen in time: this file never imports application code, so
 * later changes to the app cannot change what an old migration does.
 */
import { sql, type Kysely } from 'kysely';

const STATUS_CHECK = `check (status in ('Waiting', 'Pending', 'Complete'))`;

/** Code step and operator bookkeeping, the same on the three form tables. */
const CODE_AND_BOOKKEEPING_COLUMNS = `
  is_verified boolean not null default false,
  verified_at timestamptz,
  otp_code_hash char(64),
  otp_expiry timestamptz,
  otp_attempts integer not null default 0,
  otp_issued_at timestamptz,
  otp_generation integer not null default 0,
  ip_address varchar(45),
  status varchar(20) not null default 'Waiting' ${STATUS_CHECK},
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()`;

const UP = [
  // Trigram indexes for the admin's substring search come later; the extension comes now.
  `create extension if not exists pg_trgm`,

  `create table waitlist_entries (
    id uuid primary key default gen_random_uuid(),
    email varchar(254) not null,
    company varchar(100),
    use_case varchar(500),
    ${CODE_AND_BOOKKEEPING_COLUMNS}
  )`,
  `create unique index waitlist_entries_verified_email_key on waitlist_entries (lower(email)) where is_verified`,
  `create index waitlist_entries_email_idx on waitlist_entries (lower(email))`,
  `create index waitlist_entries_created_at_idx on waitlist_entries (created_at desc)`,

  `create table vpn_requests (
    id uuid primary key default gen_random_uuid(),
    vpn_name varchar(100) not null,
    playstore_link varchar(2048) not null,
    user_email varchar(254) not null,
    additional_info varchar(2000) not null,
    request_number varchar(32) unique,
    user_agent varchar(512),
    followup_mail_pending boolean not null default false,
    ${CODE_AND_BOOKKEEPING_COLUMNS}
  )`,
  `create index vpn_requests_email_name_idx on vpn_requests (lower(user_email), lower(vpn_name))`,
  `create index vpn_requests_created_at_idx on vpn_requests (created_at desc)`,
  `create index vpn_requests_followup_pending_idx on vpn_requests (verified_at) where followup_mail_pending`,

  `create table contact_forms (
    id uuid primary key default gen_random_uuid(),
    name varchar(100) not null,
    email varchar(254) not null,
    subject varchar(200) not null,
    message varchar(2000) not null,
    consent boolean not null default false,
    has_marketing boolean not null default false,
    followup_mail_pending boolean not null default false,
    ${CODE_AND_BOOKKEEPING_COLUMNS}
  )`,
  `create index contact_forms_email_idx on contact_forms (lower(email))`,
  `create index contact_forms_created_at_idx on contact_forms (created_at desc)`,
  `create index contact_forms_followup_pending_idx on contact_forms (verified_at) where followup_mail_pending`,

  `create table registration_logs (
    id serial primary key,
    email varchar(254),
    ip_address varchar(45),
    user_agent varchar(512),
    action varchar(50) not null,
    success boolean not null default false,
    error_message varchar(1000),
    request_id varchar(255),
    additional_data jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index registration_logs_created_at_idx on registration_logs (created_at desc)`,
  `create index registration_logs_action_created_at_idx on registration_logs (action, created_at desc)`,
  `create index registration_logs_email_idx on registration_logs (lower(email))`,

  `create table users (
    id uuid primary key default gen_random_uuid(),
    username varchar(255) not null unique,
    password varchar(255) not null,
    created_at timestamptz not null default now()
  )`,

  `create table blocked_email_domains (
    id serial primary key,
    domain varchar(255) not null unique,
    source varchar(100) not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index blocked_email_domains_source_idx on blocked_email_domains (source)`,

  `create table blocklist_update_logs (
    id serial primary key,
    source varchar(100) not null,
    url text,
    domains_added integer not null default 0,
    domains_removed integer not null default 0,
    total_domains integer not null default 0,
    success boolean not null,
    error_message text,
    execution_time integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index blocklist_update_logs_created_at_idx on blocklist_update_logs (created_at desc)`,
];

const DOWN = [
  'drop table if exists blocklist_update_logs',
  'drop table if exists blocked_email_domains',
  'drop table if exists users',
  'drop table if exists registration_logs',
  'drop table if exists contact_forms',
  'drop table if exists vpn_requests',
  'drop table if exists waitlist_entries',
];

// Typed Kysely<any> on purpose: a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
