/**
 * What "no stored row changed" means, measured: per table, the row count and a hash of every
 * row's content, in the application database and the IP database. Audit and log tables are
 * left out (a refusal is supposed to be logged there), and so are the columns a refused call
 * may rightly move: a session's last activity, and the failed sign-in count and lock of an
 * account (a refused sign-in counts toward the lockout: issue 13 item 1).
 */
import pg from 'pg';

/** Tables written on refusals by design: the audit trail, the visitors' attempt log. */
export const LOG_TABLES: ReadonlySet<string> = new Set([
  'admin_logs',
  'registration_logs',
  'security_events',
  // Counts of admin_logs rows, kept by a trigger.
  'admin_log_counts',
  // A key's daily usage is counted in Redis and flushed here in the background, so a flush lands
  // during whichever case runs then; metering is not a stored effect of one request.
  'api_key_usage_daily',
]);

/** Rows of a watched table that mirror a log table (kept by triggers): left out like the logs. */
export const ROW_FILTERS: Readonly<Record<string, string>> = {
  list_row_counts: `list <> 'registration_logs'`,
};

const FORM_CODE_COLUMNS = ['otp_attempts', 'otp_code_hash', 'otp_expiry', 'updated_at'];

/** Columns a refused request may rightly change, per table. */
export const VOLATILE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // A wrong current password that locks the account also ends its sessions, in the same
  // transaction as the refusal (auth-service reauth/current-password.ts; issue 13).
  admin_sessions: ['last_activity', 'is_active'],
  admin_users: ['failed_login_attempts', 'account_locked_until', 'updated_at'],
  // Written by the same background flush as api_key_usage_daily.
  api_keys: ['last_used_at'],
  // A collector's token is marked used when it is checked, before the body is (ingest-service).
  collectors: ['last_used_at'],
  // A wrong code counts against the code, and the sixth kills it (DECISIONS: 5 tries).
  waitlist_entries: FORM_CODE_COLUMNS,
  vpn_requests: FORM_CODE_COLUMNS,
  contact_forms: FORM_CODE_COLUMNS,
};

export type Snapshot = Map<string, { rows: number; hash: string }>;

interface Source {
  label: string;
  client: pg.Client;
  tables: string[];
}

export class RowSnapshots {
  private constructor(private readonly sources: Source[]) {}

  static async open(databases: { label: string; url: string }[]): Promise<RowSnapshots> {
    const sources: Source[] = [];
    for (const { label, url } of databases) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      const tables = rows
        .map((r) => r.table_name)
        .filter((t) => !LOG_TABLES.has(t) && !/migration/.test(t) && !/_log(s)?$/.test(t));
      sources.push({ label, client, tables });
    }
    return new RowSnapshots(sources);
  }

  /** Tables watched, as `label.table`. */
  get watched(): string[] {
    return this.sources.flatMap((s) => s.tables.map((t) => `${s.label}.${t}`));
  }

  async take(): Promise<Snapshot> {
    const snap: Snapshot = new Map();
    for (const s of this.sources) {
      if (s.tables.length === 0) continue;
      const sql = s.tables
        .map((t) => {
          const drop = VOLATILE_COLUMNS[t]?.length
            ? ` - array[${VOLATILE_COLUMNS[t]!.map((c) => `'${c}'`).join(',')}]`
            : '';
          return `select '${t}' as t, count(*)::int as n,
             coalesce(md5(string_agg(md5((to_jsonb(x)${drop})::text), '' order by md5((to_jsonb(x)${drop})::text))), '') as h
             from "${t}" x${ROW_FILTERS[t] ? ` where ${ROW_FILTERS[t]}` : ''}`;
        })
        .join(' union all ');
      const { rows } = await s.client.query<{ t: string; n: number; h: string }>(sql);
      for (const r of rows) snap.set(`${s.label}.${r.t}`, { rows: r.n, hash: r.h });
    }
    return snap;
  }

  /** Tables whose count or content differ, described. */
  static diff(before: Snapshot, after: Snapshot): string[] {
    const out: string[] = [];
    for (const [table, b] of before) {
      const a = after.get(table);
      if (!a) out.push(`${table} vanished`);
      else if (a.rows !== b.rows) out.push(`${table}: ${b.rows} → ${a.rows} rows`);
      else if (a.hash !== b.hash) out.push(`${table}: a row's content changed`);
    }
    return out;
  }

  async close(): Promise<void> {
    for (const s of this.sources) await s.client.end();
  }
}
