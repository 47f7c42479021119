import type { FastifyRequest } from 'fastify';
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

/**
 * A request's log line: the path only, never the query string. Query strings carry personal data
 * (the addresses a detection-API customer checks, the e-mails an operator searches for) and, from
 * careless clients, API keys; a log is no place to keep any of them.
 */
export function requestLogLine(request: FastifyRequest): unknown {
  // A log call may pass its own `req` object (not a request): leave that one to redaction.
  if (typeof request?.url !== 'string' || typeof request.method !== 'string') return request;
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    serializers: { req: requestLogLine },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
