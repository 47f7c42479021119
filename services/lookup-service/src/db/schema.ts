/** kysely table interfaces of the tables lookup-service reads and writes in the application database. */
import type { AdminLogsTable } from '@tunnelscope/service-kit';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  owner_email: string;
  /** SHA-256 of the whole key: the only trace of the secret. */
  key_hash: Buffer;
  /** `ts_live_` + the first 4 characters: enough to tell keys apart in a list. */
  prefix: string;
  daily_quota: number;
  burst_per_second: number;
  allow_export: Generated<boolean>;
  /** cidr[]; written as a text array cast to cidr[], read back cast to text[]. */
  allowed_networks: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
  previous_key_hash: Buffer | null;
  grace_until: Date | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface ApiKeyUsageDailyTable {
  key_id: string;
  /** A UTC day; read back as `YYYY-MM-DD` text (the repository casts it). */
  day: ColumnType<string, string, string>;
  count: number;
}

export interface LookupDatabase {
  api_keys: ApiKeysTable;
  api_key_usage_daily: ApiKeyUsageDailyTable;
  /** auth-service's table; lookup-service appends the audit rows of its admin writes. */
  admin_logs: AdminLogsTable;
}

export type LookupDb = Kysely<LookupDatabase>;
export type Executor = Kysely<LookupDatabase> | Transaction<LookupDatabase>;
