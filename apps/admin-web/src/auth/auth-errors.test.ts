import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { AdminApiError, RetriesExhaustedError } from '../api/client.js';
import {
  authCheckErrorMessage,
  LOGIN_FAILED,
  LOGIN_UNEXPECTED,
  refusedLoginMessage,
  thrownLoginMessage,
  visibleLoginError,
} from './auth-errors.js';

const apiError = (status: number, statusText: string, body: unknown = null) =>
  new AdminApiError(status, statusText, body);

describe('authCheckErrorMessage', () => {
  it('hides a 401 answer, with or without a body', () => {
    expect(authCheckErrorMessage(apiError(401, 'Unauthorized'))).toBeNull();
    expect(
      authCheckErrorMessage(
        apiError(401, 'Unauthorized', { error: 'UNAUTHORIZED', message: 'Authentication required' }),
      ),
    ).toBeNull();
  });

  it('hides a message that mentions Unauthorized', () => {
    expect(authCheckErrorMessage(new Error('Unauthorized'))).toBeNull();
  });

  it('hides a network failure, raw or after the retries', () => {
    expect(authCheckErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(authCheckErrorMessage(new RetriesExhaustedError(0, new TypeError('Failed to fetch')))).toBeNull();
  });

  it('hides 503 and SERVER_RESTART', () => {
    expect(
      authCheckErrorMessage(new RetriesExhaustedError(503, apiError(503, 'Service Unavailable'))),
    ).toBeNull();
    expect(authCheckErrorMessage(apiError(503, 'Service Unavailable'))).toBeNull();
    expect(
      authCheckErrorMessage(
        new RetriesExhaustedError(
          502,
          apiError(502, 'Bad Gateway', { error: 'SERVER_RESTART', message: 'Restarting' }),
        ),
      ),
    ).toBeNull();
  });

  it('shows anything else: a 500 after retries, a 403 with its message, a broken answer', () => {
    expect(
      authCheckErrorMessage(new RetriesExhaustedError(500, apiError(500, 'Internal Server Error'))),
    ).toBe('API call failed after retries');
    expect(
      authCheckErrorMessage(apiError(403, 'Forbidden', { error: 'FORBIDDEN', message: 'Account disabled' })),
    ).toBe('Account disabled');
    expect(authCheckErrorMessage(new Error('Invalid input: expected object'))).toBe(
      'Invalid input: expected object',
    );
  });
});

describe('visibleLoginError', () => {
  it('keeps errors that mention 401 or Unauthorized out of the alert', () => {
    expect(visibleLoginError('HTTP 401: Unauthorized')).toBeNull();
    expect(visibleLoginError('Unauthorized')).toBeNull();
    expect(visibleLoginError('request failed with 401')).toBeNull();
  });

  it('shows every other error, and nothing for none', () => {
    expect(visibleLoginError(ADMIN_MESSAGES.invalidCredentials)).toBe(ADMIN_MESSAGES.invalidCredentials);
    expect(visibleLoginError(LOGIN_FAILED)).toBe(LOGIN_FAILED);
    expect(visibleLoginError(null)).toBeNull();
  });
});

describe('refusedLoginMessage', () => {
  it('prefers the server text, else Login failed', () => {
    expect(
      refusedLoginMessage({ error: 'UNAUTHORIZED', message: ADMIN_MESSAGES.invalidCredentials }),
    ).toEqual({
      message: ADMIN_MESSAGES.invalidCredentials,
      captchaFailed: false,
    });
    expect(refusedLoginMessage({})).toEqual({ message: LOGIN_FAILED, captchaFailed: false });
  });

  it('turns CAPTCHA_FAILED into the spec sentence, or the missing-token sentence when the server said so', () => {
    expect(refusedLoginMessage({ error: 'CAPTCHA_FAILED', message: 'siteverify said no' })).toEqual({
      message: ADMIN_MESSAGES.captchaFailed,
      captchaFailed: true,
    });
    expect(refusedLoginMessage({ error: 'CAPTCHA_FAILED', message: ADMIN_MESSAGES.captchaMissing })).toEqual({
      message: ADMIN_MESSAGES.captchaMissing,
      captchaFailed: true,
    });
  });
});

describe('thrownLoginMessage', () => {
  it('reads a bot-check refusal from a 400 answer', () => {
    expect(
      thrownLoginMessage(apiError(400, 'Bad Request', { error: 'CAPTCHA_FAILED', message: 'x' })),
    ).toEqual({
      message: ADMIN_MESSAGES.captchaFailed,
      captchaFailed: true,
    });
  });

  it('shows the server text of a 4xx, or the HTTP line', () => {
    expect(
      thrownLoginMessage(
        apiError(429, 'Too Many Requests', {
          error: 'RATE_LIMITED',
          message: ADMIN_MESSAGES.loginRateLimited,
        }),
      ),
    ).toEqual({ message: ADMIN_MESSAGES.loginRateLimited, captchaFailed: false });
    expect(thrownLoginMessage(apiError(400, 'Bad Request')).message).toBe('HTTP 400: Bad Request');
    expect(thrownLoginMessage(new RetriesExhaustedError(0, new TypeError('Failed to fetch'))).message).toBe(
      'API call failed after retries',
    );
  });

  it('calls anything else an unexpected error', () => {
    expect(thrownLoginMessage(new SyntaxError('Unexpected token'))).toEqual({
      message: LOGIN_UNEXPECTED,
      captchaFailed: false,
    });
  });
});
