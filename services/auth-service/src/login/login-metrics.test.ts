import { createServiceMetrics, metricValue } from '@tunnelscope/service-kit';
import { createLoginMetrics, loginFailureLabel } from './login-metrics.js';

describe('login failure labels', () => {
  it('maps the audit reasons of credential failures onto the four metric reasons', () => {
    expect(loginFailureLabel('wrong_password')).toBe('bad_password');
    expect(loginFailureLabel('invalid_code')).toBe('bad_otp');
    expect(loginFailureLabel('totp_replay')).toBe('bad_otp');
    expect(loginFailureLabel('unknown_user')).toBe('unknown_account');
    expect(loginFailureLabel('inactive')).toBe('unknown_account');
    expect(loginFailureLabel('locked')).toBe('locked');
  });

  it('leaves out refusals that never reached the credentials', () => {
    for (const reason of ['captcha_failed', 'captcha_missing', 'challenge_expired', 'rate_limited']) {
      expect(loginFailureLabel(reason)).toBeNull();
    }
  });

  it('counts only labelled failures on the service registry', async () => {
    const metrics = createServiceMetrics('auth-service');
    const login = createLoginMetrics(metrics);
    login.failure('wrong_password');
    login.failure('captcha_failed');
    login.lockout();
    const text = (await metrics.exposition()).body;
    expect(metricValue(text, 'tunnelscope_login_failures_total')).toBe(1);
    expect(metricValue(text, 'tunnelscope_account_lockouts_total')).toBe(1);
  });
});
