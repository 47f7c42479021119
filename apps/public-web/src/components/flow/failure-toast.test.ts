import { ApiError } from '../../api/http.js';
import { retryAfterSecondsOf } from './resend.js';
import { tooManyRequestsText } from './failure-toast.js';

const refusal = (status: number, message: string) =>
  new ApiError(status, '', '', { success: false, error: 'TOO_MANY_REQUESTS', message });

describe('the one "too many requests" wording of the three forms', () => {
  it.each([
    // The gateway's and every service's per-minute limit (service-kit tooManyRequestsMessage).
    [
      'Too many requests. Please try again in 42 seconds.',
      'Too many requests. Please try again in 42 seconds.',
    ],
    // forms-service's per-address code quota words it differently: the visitor reads one wording.
    [
      'Too many verification codes were requested for this email address. Please try again in 5 minutes.',
      'Too many requests. Please try again in 5 minutes.',
    ],
    [
      'Too many verification codes were requested from your network. Please try again in 3 hours.',
      'Too many requests. Please try again in 3 hours.',
    ],
    // A 429 that names no wait.
    ['Slow down', 'Too many requests. Please try again in 60 seconds.'],
  ])('%j -> %j', (message, expected) => {
    expect(tooManyRequestsText(refusal(429, message))).toBe(expected);
  });

  it('is not used for any other refusal', () => {
    expect(tooManyRequestsText(refusal(400, 'Invalid or expired verification code.'))).toBeNull();
    expect(tooManyRequestsText(new Error('network'))).toBeNull();
    expect(retryAfterSecondsOf(refusal(400, 'try again in 5 minutes'))).toBeUndefined();
  });

  it('reads the wait in seconds', () => {
    expect(retryAfterSecondsOf(refusal(429, 'Please try again in 5 minutes.'))).toBe(300);
    expect(retryAfterSecondsOf(refusal(429, 'Please try again in 1 second.'))).toBe(1);
  });
});
