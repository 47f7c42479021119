/** Kysely table interfaces of the tables auth-service owns (see src/migrations). */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AdminRole } from '@tunnelscope/contracts';
import type { AdminLogsTable } from '@tunnelscope/service-kit';

/** Timestamps have database defaults, but the service always passes its clock's time. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface AdminUsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  /** argon2id, PHC string. */
  password_hash: string;
  role: ColumnType<AdminRole, AdminRole | undefined, AdminRole>;
  is_active: Generated<boolean>;
  failed_login_attempts: Generated<number>;
  account_locked_until: Date | null;
  two_factor_enabled: Generated<boolean>;
  /** AES-256-GCM sealed (see crypto/secret-box.ts). */
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  /** The last TOTP time step accepted (bigint, read as a number). */
  two_factor_last_step: number | null;
  /** Keyed hashes of the backup codes still unused. */
  backup_codes: ColumnType<string[], string[] | undefined, string[]>;
  last_login: Date | null;
  /** Issue 16: a reset or admin-chosen password; every call but choosing a new one is refused. */
  must_change_password: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminSessionsTable {
  id: Generated<string>;
  admin_id: string;
  /** SHA-256 (hex) of the cookie's token. */
  session_token: string;
  ip_address: string | null;
  user_agent: string | null;
  is_active: Generated<boolean>;
  remember_me: Generated<boolean>;
  expires_at: Date;
  last_activity: Timestamp;
  created_at: Timestamp;
}

export interface AdminOtpCodesTable {
  id: Generated<string>;
  admin_id: string;
  /** SHA-256 (hex) of the one-time value (the login challenge's token). */
  code: string;
  purpose: string;
  expires_at: Date;
  is_used: Generated<boolean>;
  ip_address: string | null;
  created_at: Timestamp;
}

/** Mails of committed changes waiting for the mail queue (see mail-outbox/). */
export interface AdminMailOutboxTable {
  id: Generated<string>;
  job_id: string;
  /** The MailJob as JSON, AES-256-GCM sealed (it holds a password in clear). */
  sealed_job: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Timestamp;
}

export interface AuthDatabase {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  /** Its one type lives in service-kit: forms-service appends rows to it too. */
  admin_logs: AdminLogsTable;
  admin_otp_codes: AdminOtpCodesTable;
  admin_mail_outbox: AdminMailOutboxTable;
}

export type AuthDb = Kysely<AuthDatabase>;
/** A connection or an open transaction: repositories accept either. */
export type Executor = Kysely<AuthDatabase> | Transaction<AuthDatabase>;

export type AdminUserRow = Selectable<AdminUsersTable>;
export type NewAdminUser = Insertable<AdminUsersTable>;
export type AdminSessionRow = Selectable<AdminSessionsTable>;
