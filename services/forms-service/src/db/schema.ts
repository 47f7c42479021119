/** Kysely table interfaces of the tables forms-service owns (see src/migrations). */
import type {
  ColumnType,
  Generated,
  InsertQueryBuilder,
  InsertResult,
  Insertable,
  Kysely,
  Selectable,
  Transaction,
  Updateable,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { RecordStatus } from '@tunnelscope/contracts';
import type { AdminLogsTable } from '@tunnelscope/service-kit';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Json = ColumnType<unknown, string | undefined, string>;

/** Columns the three forms share: the code step and the operator's bookkeeping. */
interface CodeColumns {
  is_verified: Generated<boolean>;
  verified_at: Date | null;
  /** HMAC-SHA256(OTP_HMAC_SECRET, id + code) in hex; null once used or dead. */
  otp_code_hash: string | null;
  otp_expiry: Date | null;
  otp_attempts: Generated<number>;
  otp_issued_at: Date | null;
  /** Bumped at every code issued for the row; names the code's mail job. */
  otp_generation: Generated<number>;
  ip_address: string | null;
  status: Generated<RecordStatus>;
  notes: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** 1, then +1 at every status or notes change (migration 20261126053500). */
  version: Generated<number>;
  /** The operator who last changed status or notes. */
  updated_by: string | null;
}

export interface WaitlistEntriesTable extends CodeColumns {
  id: Generated<string>;
  email: string;
  company: string | null;
  use_case: string | null;
}

export interface VpnRequestsTable extends CodeColumns {
  id: Generated<string>;
  vpn_name: string;
  playstore_link: string;
  user_email: string;
  additional_info: string;
  request_number: string | null;
  user_agent: string | null;
  /** Verified, but the confirmation mail is not yet on the queue (see followups). */
  followup_mail_pending: Generated<boolean>;
}

export interface ContactFormsTable extends CodeColumns {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  consent: Generated<boolean>;
  has_marketing: Generated<boolean>;
  followup_mail_pending: Generated<boolean>;
}

export interface RegistrationLogsTable {
  id: Generated<number>;
  email: string | null;
  ip_address: string | null;
  user_agent: string | null;
  action: string;
  success: Generated<boolean>;
  error_message: string | null;
  request_id: string | null;
  additional_data: Json | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password: string;
  created_at: CreatedAt;
}

export interface BlockedEmailDomainsTable {
  id: Generated<number>;
  domain: string;
  source: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BlocklistUpdateLogsTable {
  id: Generated<number>;
  source: string;
  url: string | null;
  domains_added: Generated<number>;
  domains_removed: Generated<number>;
  total_domains: Generated<number>;
  success: boolean;
  error_message: string | null;
  /** Milliseconds the run took. */
  execution_time: Generated<number>;
  created_at: CreatedAt;
}

/** Exact row counts of the review lists, kept by triggers (migration 20261123120000). */
export interface ListRowCountsTable {
  list: string;
  bucket: string;
  n: ColumnType<string, never, never>;
}

/** auth-service's exact counts of admin_logs by action, kept by its triggers. */
export interface AdminLogCountsTable {
  action: string;
  n: ColumnType<string, never, never>;
}

export interface FormsDatabase {
  waitlist_entries: WaitlistEntriesTable;
  vpn_requests: VpnRequestsTable;
  contact_forms: ContactFormsTable;
  registration_logs: RegistrationLogsTable;
  users: UsersTable;
  blocked_email_domains: BlockedEmailDomainsTable;
  blocklist_update_logs: BlocklistUpdateLogsTable;
  list_row_counts: ListRowCountsTable;
  /**
   * auth-service's audit table (its migrations own it): read for the merged Logs list, appended
   * to by the review writes and exports. Its one row type is service-kit's.
   */
  admin_logs: AdminLogsTable;
  admin_log_counts: AdminLogCountsTable;
}

export type FormsDb = Kysely<FormsDatabase>;
/** A connection or an open transaction: repositories accept either. */
export type Executor = Kysely<FormsDatabase> | Transaction<FormsDatabase>;
/** An insert or update built but not run, so another statement can carry it (a data-modifying WITH). */
export type PendingWrite = {
  [T in keyof FormsDatabase]:
    | InsertQueryBuilder<FormsDatabase, T, InsertResult>
    | UpdateQueryBuilder<FormsDatabase, T, T, UpdateResult>;
}[keyof FormsDatabase];

export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type NewWaitlistEntry = Insertable<WaitlistEntriesTable>;
export type WaitlistEntryUpdate = Updateable<WaitlistEntriesTable>;
export type VpnRequestRow = Selectable<VpnRequestsTable>;
export type NewVpnRequest = Insertable<VpnRequestsTable>;
export type VpnRequestUpdate = Updateable<VpnRequestsTable>;
export type ContactFormRow = Selectable<ContactFormsTable>;
export type NewContactForm = Insertable<ContactFormsTable>;
export type ContactFormUpdate = Updateable<ContactFormsTable>;
export type NewRegistrationLog = Insertable<RegistrationLogsTable>;
export type BlocklistUpdateLog = Selectable<BlocklistUpdateLogsTable>;
export type NewBlocklistUpdateLog = Insertable<BlocklistUpdateLogsTable>;
