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
