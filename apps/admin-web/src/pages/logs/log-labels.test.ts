import { LOG_ACTION_FILTERS } from '@tunnelscope/contracts';
import { logRow } from '../../test/review-fixtures.js';
import {
  actionLabel,
  detailsEntries,
  detailsLabel,
  LOG_ACTION_FILTER,
  LOG_DATE_FILTER,
  LOG_RESULT_FILTER,
  LOG_TYPE_FILTER,
  logDetails,
  titleCase,
} from './log-labels.js';

describe('actionLabel', () => {
  it.each([
    ['login_success', 'Login Success'],
    ['login_failed', 'Login Failed'],
    ['logout', 'Logout'],
    ['session_disconnect', 'Session Disconnect'],
    ['active_sessions_view', 'Active Sessions View'],
    ['waitlist_attempt', 'Waitlist Attempt'],
    ['otp_sent', 'OTP Sent'],
    ['otp_verified', 'OTP Verified'],
    ['vpn_request_attempt', 'VPN Request Attempt'],
    ['contact_form', 'Contact Form'],
    ['admin_login', 'Admin Login'],
    ['admin_logout', 'Admin Logout'],
  ])('calls %s "%s"', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('title-cases an action it does not know', () => {
    expect(actionLabel('log_entry_delete')).toBe('Log Entry Delete');
    expect(titleCase('PASSWORD_reset')).toBe('Password Reset');
    expect(actionLabel('vpn_request_updated')).toBe('VPN Request Updated');
    expect(actionLabel('two_factor_enabled')).toBe('Two Factor Enabled');
    expect(actionLabel('otp_failed')).toBe('OTP Failed');
    expect(actionLabel('___')).toBe('___');
  });
});

describe('LOG_ACTION_FILTER', () => {
  it('offers all and then every filter value of the contracts, by their friendly names', () => {
    expect(LOG_ACTION_FILTER.key).toBe('action');
    expect(LOG_ACTION_FILTER.label).toBe('Action');
    expect(LOG_ACTION_FILTER.options.map((o) => o.value)).toEqual(['all', ...LOG_ACTION_FILTERS]);
    expect(LOG_ACTION_FILTER.options.map((o) => o.label).slice(0, 12)).toEqual([
      'All actions',
      'Admin Login',
      'Admin Logout',
      'Session Disconnect',
      'Active Sessions View',
      'Admin User Unlock',
      'Admin User Reset 2FA',
      'Waitlist Attempt',
      'OTP Sent',
      'OTP Verified',
      'VPN Request Attempt',
      'Contact Form',
    ]);
    // Every other stored action is offered under its own friendly name (issue 16).
    for (const o of LOG_ACTION_FILTER.options.slice(1)) expect(o.label).toBe(actionLabel(o.value));
    expect(LOG_ACTION_FILTER.options.map((o) => o.value)).toEqual(
      expect.arrayContaining(['permission_denied', 'ip_search', 'retention_purge', 'otp_failed']),
    );
  });
});

describe('logDetails', () => {
  it('shows the error text of a failed attempt, a string or an object with error or message', () => {
    expect(logDetails(logRow('visitor:1', { errorMessage: 'Invalid code' }))).toBe('Invalid code');
    expect(logDetails(logRow('admin:x', { errorMessage: { error: 'Invalid credentials' } }))).toBe(
      'Invalid credentials',
    );
    expect(logDetails(logRow('admin:x', { errorMessage: { message: 'Account locked' } }))).toBe(
      'Account locked',
    );
  });

  it('otherwise sums up what was acted on and the recorded details', () => {
    expect(
      logDetails(
        logRow('admin:x', {
          resource: 'session',
          resourceId: '42',
          details: { reason: 'manual', count: 2, empty: null, nested: { a: 1 } },
        }),
      ),
    ).toBe('session 42; reason: manual, count: 2, nested: {"a":1}');
    expect(logDetails(logRow('visitor:1', { details: { source: 'homepage' } }))).toBe('source: homepage');
  });

  it("says '-' when there is nothing to show", () => {
    expect(logDetails(logRow('visitor:1'))).toBe('-');
    expect(logDetails(logRow('visitor:1', { errorMessage: {}, details: {} }))).toBe('-');
  });
});

describe('the triage filters (issue 16)', () => {
  it('offer failed only, one side, and a date range sent as from/to', () => {
    expect(LOG_RESULT_FILTER).toMatchObject({ key: 'result' });
    expect(LOG_RESULT_FILTER.options.map((o) => o.value)).toEqual(['all', 'failed']);
    expect(LOG_TYPE_FILTER.options.map((o) => o.value)).toEqual(['all', 'admin', 'visitor']);
    expect(LOG_DATE_FILTER).toEqual({ kind: 'dateRange', key: 'date', label: 'Date' });
  });
});

describe('detailsEntries', () => {
  it('labels each field and formats nested values as indented JSON, leaving empty ones out', () => {
    expect(
      detailsEntries({
        vpnName: 'Turbo VPN',
        remember: true,
        count: 3,
        empty: '',
        none: null,
        changes: { status: ['Waiting', 'Complete'] },
      }),
    ).toEqual([
      { key: 'vpnName', label: 'VPN Name', value: 'Turbo VPN', structured: false },
      { key: 'remember', label: 'Remember', value: 'true', structured: false },
      { key: 'count', label: 'Count', value: '3', structured: false },
      {
        key: 'changes',
        label: 'Changes',
        value: '{\n  "status": [\n    "Waiting",\n    "Complete"\n  ]\n}',
        structured: true,
      },
    ]);
    expect(detailsEntries(null)).toEqual([]);
    expect(detailsLabel('request_id')).toBe('Request ID');
  });
});
