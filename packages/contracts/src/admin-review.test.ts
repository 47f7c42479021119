import {
  LOG_ACTION_FILTERS,
  LOG_ACTION_FILTER_MATCHES,
  logIdParamsSchema,
  overviewPercentages,
  reviewUpdateRequestSchema,
  verifiedPercentage,
  waitlistListQuerySchema,
} from './admin-review.js';
import { ADMIN_MESSAGES } from './admin-api.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every non-test TypeScript source under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The actions the services write to their logs, as their sources spell them: `action: '…'`
 * literals, the review lists' audit names (`updated/deleted/export: '…'`) and the bulk-action
 * names (`…_bulk_status`/`…_bulk_delete`).
 */
function storedActionsInServices(): Set<string> {
  const servicesDir = join(process.cwd(), '..', '..', 'services');
  const patterns = [
    /\baction: '([a-z0-9_]+)'/g,
    /\b(?:updated|deleted|export): '([a-z0-9_]+)'/g,
    /'([a-z0-9_]+_bulk_(?:status|delete))'/g,
  ];
  const actions = new Set<string>();
  for (const service of readdirSync(servicesDir)) {
    let files: string[];
    try {
      files = sourceFiles(join(servicesDir, service, 'src'));
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const m of text.matchAll(pattern)) actions.add(m[1]!);
    }
  }
  return actions;
}

describe('verifiedPercentage', () => {
  it('is verified over total, rounded to a whole percent', () => {
    expect(verifiedPercentage({ total: 3, verified: 1 })).toBe(33);
    expect(verifiedPercentage({ total: 3, verified: 2 })).toBe(67);
    expect(verifiedPercentage({ total: 8, verified: 1 })).toBe(13); // 12.5 rounds up
    expect(verifiedPercentage({ total: 200, verified: 199 })).toBe(100); // 99.5 rounds up
    expect(verifiedPercentage({ total: 1000, verified: 994 })).toBe(99);
  });

  it('divides by at least 1, so an empty table reads 0% and never NaN', () => {
    expect(verifiedPercentage({ total: 0, verified: 0 })).toBe(0);
  });
});

describe('overviewPercentages', () => {
  it('gives Verification Rate, VPN Request Filled and Contact Response from their own forms', () => {
    expect(
      overviewPercentages({
        waitlist: { total: 4, verified: 1 },
        vpnRequests: { total: 10, verified: 7 },
        contacts: { total: 0, verified: 0 },
      }),
    ).toEqual({ verificationRate: 25, vpnRequestFilled: 70, contactResponse: 0 });
  });
});

describe('list queries', () => {
  it('take a page of at most 100 rows, or exactly 10000 for an export', () => {
    expect(waitlistListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(waitlistListQuerySchema.parse({ limit: '10000' }).limit).toBe(10000);
    const between = waitlistListQuerySchema.safeParse({ limit: '101' });
    expect(between.success).toBe(false);
    expect(between.error?.issues[0]?.message).toBe(ADMIN_MESSAGES.listLimit);
  });

  it('default to the first page of 25, newest first, with every filter at all', () => {
    expect(waitlistListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 25,
      sort: 'createdAt',
      order: 'desc',
      verified: 'all',
    });
  });

  it('refuse a sort column outside the whitelist', () => {
    expect(waitlistListQuerySchema.safeParse({ sort: 'notes' }).success).toBe(false);
  });
});

describe('the logs action filter', () => {
  it('has a match for every filter value of the spec', () => {
    expect(Object.keys(LOG_ACTION_FILTER_MATCHES).sort()).toEqual([...LOG_ACTION_FILTERS].sort());
  });

  it('reads admin_login as the sign-in events and admin_logout as the stored logout', () => {
    expect(LOG_ACTION_FILTER_MATCHES.admin_login).toEqual({
      type: 'admin',
      actions: ['login_success', 'login_failed', 'login_2fa_required'],
    });
    expect(LOG_ACTION_FILTER_MATCHES.admin_logout).toEqual({ type: 'admin', actions: ['logout'] });
    expect(LOG_ACTION_FILTER_MATCHES.otp_verified.type).toBe('visitor');
  });

  it('filters the Unlock and Reset 2FA actions of Admin Users', () => {
    expect(LOG_ACTION_FILTER_MATCHES.admin_user_unlock).toEqual({
      type: 'admin',
      actions: ['admin_user_unlock'],
    });
    expect(LOG_ACTION_FILTER_MATCHES.admin_user_reset_2fa).toEqual({
      type: 'admin',
      actions: ['admin_user_reset_2fa'],
    });
  });

  it('offers every action a service writes (a new audit action must be added to the filter)', () => {
    const offered = new Set(Object.values(LOG_ACTION_FILTER_MATCHES).flatMap((m) => [...m.actions]));
    const stored = storedActionsInServices();
    // The scan itself must find the actions it is there for, or it proves nothing.
    for (const known of ['login_success', 'waitlist_bulk_delete', 'sessions_ended', 'waitlist_export']) {
      expect(stored).toContain(known);
    }
    expect([...stored].filter((action) => !offered.has(action)).sort()).toEqual([]);
  });

  it('accepts only ids that name their source', () => {
    expect(logIdParamsSchema.safeParse({ id: 'visitor:42' }).success).toBe(true);
    expect(logIdParamsSchema.safeParse({ id: 'admin:9f0c2a0e-1b2c-4d5e-8f90-123456789abc' }).success).toBe(
      true,
    );
    for (const id of ['42', 'visitor:0', 'visitor:-1', 'admin:42', 'other:1', 'visitor:1;drop']) {
      expect(logIdParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });
});

describe('reviewUpdateRequestSchema', () => {
  it('takes a status, notes or both, and nothing else', () => {
    expect(reviewUpdateRequestSchema.parse({ status: 'Pending', notes: 'Called' })).toEqual({
      status: 'Pending',
      notes: 'Called',
    });
    expect(reviewUpdateRequestSchema.safeParse({}).success).toBe(false);
    expect(reviewUpdateRequestSchema.safeParse({ status: 'Done' }).success).toBe(false);
    expect(reviewUpdateRequestSchema.safeParse({ notes: 'x'.repeat(5001) }).success).toBe(false);
    expect(reviewUpdateRequestSchema.safeParse({ status: 'Pending', isVerified: true }).success).toBe(false);
  });
});
