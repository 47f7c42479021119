/**
 * Sign-in failures and account lockouts as Prometheus counters (the deployment's alert on a
 * lockout spike reads them). The reasons are the contract's four, coarser than the audit log's:
 * a caller that never reached the credentials (bot check, expired challenge, rate limit) is not
 * a login failure here, it is a refusal counted elsewhere.
 */
import type { ServiceMetrics } from '@tunnelscope/service-kit';

export type LoginFailureLabel = 'bad_password' | 'bad_otp' | 'unknown_account' | 'locked';

export interface LoginMetrics {
  /** One refused sign-in, by the audit log's reason (those that are not credential failures are ignored). */
  failure(reason: string): void;
  /** An account locked by this failure (sign-in or re-authentication). */
  lockout(): void;
}

const LABEL_OF: Readonly<Record<string, LoginFailureLabel>> = {
  wrong_password: 'bad_password',
  invalid_code: 'bad_otp',
  totp_replay: 'bad_otp',
  unknown_user: 'unknown_account',
  // Answered exactly like an unknown account (the same 401), and as unable to sign in.
  inactive: 'unknown_account',
  locked: 'locked',
};

export function loginFailureLabel(reason: string): LoginFailureLabel | null {
  return LABEL_OF[reason] ?? null;
}

export const NO_LOGIN_METRICS: LoginMetrics = { failure: () => undefined, lockout: () => undefined };

export function createLoginMetrics(metrics: ServiceMetrics | undefined): LoginMetrics {
  if (!metrics) return NO_LOGIN_METRICS;
  const failures = metrics.counter({
    name: 'tunnelscope_login_failures_total',
    help: 'Refused admin sign-ins by reason (bad_password, bad_otp, unknown_account, locked)',
    labelNames: ['reason'],
  });
  const lockouts = metrics.counter({
    name: 'tunnelscope_account_lockouts_total',
    help: 'Admin accounts locked after consecutive failures (sign-in or re-authentication)',
  });
  return {
    failure(reason) {
      const label = loginFailureLabel(reason);
      if (label) failures.inc({ reason: label });
    },
    lockout: () => lockouts.inc(),
  };
}
