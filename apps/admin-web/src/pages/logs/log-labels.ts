/** How a log row reads: friendly action names, the action filter, and the details cell. */
import { LOG_ACTION_FILTERS, type LogActionFilter, type LogRow } from '@tunnelscope/contracts';
import type { DataTableDateRangeFilter, DataTableFilter } from '../../components/data-table/index.js';

/** The stored actions the spec names, and the filter's own values. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  login_success: 'Login Success',
  login_failed: 'Login Failed',
  logout: 'Logout',
  session_disconnect: 'Session Disconnect',
  active_sessions_view: 'Active Sessions View',
  waitlist_attempt: 'Waitlist Attempt',
  otp_sent: 'OTP Sent',
  otp_verified: 'OTP Verified',
  vpn_request_attempt: 'VPN Request Attempt',
  contact_form: 'Contact Form',
  admin_login: 'Admin Login',
  admin_logout: 'Admin Logout',
  // Bulk actions (issue 16) read as what they did to the selection.
  waitlist_bulk_status: 'Waitlist Bulk Status Change',
  waitlist_bulk_delete: 'Waitlist Bulk Delete',
  vpn_requests_bulk_status: 'VPN Requests Bulk Status Change',
  vpn_requests_bulk_delete: 'VPN Requests Bulk Delete',
  contacts_bulk_status: 'Contacts Bulk Status Change',
  contacts_bulk_delete: 'Contacts Bulk Delete',
  logs_bulk_delete: 'Logs Bulk Delete',
  sessions_ended: 'All Sessions Ended',
  backup_codes_regenerated: 'Backup Codes Regenerated',
};

/** Words that read in capitals inside a title-cased action. */
const ACRONYMS: Readonly<Record<string, string>> = {
  vpn: 'VPN',
  otp: 'OTP',
  ip: 'IP',
  csv: 'CSV',
  id: 'ID',
  '2fa': '2FA',
};

/** 'vpn_request_updated' → 'VPN Request Updated'. */
export function titleCase(snake: string): string {
  return snake
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      return ACRONYMS[lower] ?? lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** The friendly name of a stored action; an action the panel does not know is title-cased. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? (titleCase(action) || action);
}

/** The action filter: all, then the contracts' values in their order. */
export const LOG_ACTION_FILTER: DataTableFilter = {
  key: 'action',
  label: 'Action',
  options: [
    { value: 'all', label: 'All actions' },
    ...LOG_ACTION_FILTERS.map((value: LogActionFilter) => ({ value, label: actionLabel(value) })),
  ],
};

/** Failed rows only (issue 16). */
export const LOG_RESULT_FILTER: DataTableFilter = {
  key: 'result',
  label: 'Result',
  options: [
    { value: 'all', label: 'All results' },
    { value: 'failed', label: 'Failed only' },
  ],
};

/** Admin audit rows or visitors' rows. */
export const LOG_TYPE_FILTER: DataTableFilter = {
  key: 'type',
  label: 'Type',
  options: [
    { value: 'all', label: 'All types' },
    { value: 'admin', label: 'Admin' },
    { value: 'visitor', label: 'Visitor' },
  ],
};

/** The days of the rows, in the operator's time zone (sent as `from`/`to` instants). */
export const LOG_DATE_FILTER: DataTableDateRangeFilter = { kind: 'dateRange', key: 'date', label: 'Date' };

/** A details key as a label: 'vpnName' / 'remember_me' → 'Vpn Name' / 'Remember Me'. */
export function detailsLabel(key: string): string {
  return titleCase(key.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

/**
 * The details of a row as label/value pairs for the formatted view: strings, numbers and
 * booleans as they read, anything nested as indented JSON; empty values left out.
 */
export function detailsEntries(
  details: LogRow['details'],
): { key: string; label: string; value: string; structured: boolean }[] {
  return Object.entries(details ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => {
      const structured = typeof value === 'object';
      return {
        key,
        label: detailsLabel(key),
        value: structured ? JSON.stringify(value, null, 2) : describeValue(value),
        structured,
      };
    });
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The details cell: the error text of a failed attempt (a string, or an object's `error` or
 * `message`), otherwise what was acted on and the recorded details, or '-' when there is none.
 */
export function logDetails(
  row: Pick<LogRow, 'errorMessage' | 'resource' | 'resourceId' | 'details'>,
): string {
  const failure = row.errorMessage;
  if (typeof failure === 'string' && failure.trim()) return failure.trim();
  if (failure && typeof failure === 'object') {
    const text = [failure.error, failure.message].find((v) => typeof v === 'string' && v.trim());
    if (text) return text.trim();
  }
  const parts: string[] = [];
  const target = [row.resource, row.resourceId].filter((v): v is string => Boolean(v?.trim())).join(' ');
  if (target) parts.push(target);
  const details = Object.entries(row.details ?? {}).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  if (details.length > 0)
    parts.push(details.map(([key, value]) => `${key}: ${describeValue(value)}`).join(', '));
  return parts.length > 0 ? parts.join('; ') : '-';
}

/** Admin audit rows are kept (the server answers 403 to a delete). */
export const ADMIN_LOG_KEPT = 'Admin audit log entries are kept and cannot be deleted';
