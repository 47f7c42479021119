import type { LoggerOptions } from 'pino';

/** Paths pino replaces with [redacted]: credentials, codes and anything that opens a session. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-tunnelscope-gateway"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.otpCode',
  '*.totpCode',
  '*.code',
  '*.token',
  '*.secret',
  '*.sessionToken',
  'config.INTERNAL_SHARED_SECRET',
  'config.OTP_HMAC_SECRET',
];

export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
