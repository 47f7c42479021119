/**
 * Every visitor attempt leaves a row in registration_logs (DECISIONS.md). Writing the row must
 * never change the visitor's answer: a failed write is logged and dropped.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FormsDb } from '../db/schema.js';
import { insertRegistrationLog } from './registration-log-repository.js';
import { toStorableJson } from './storable-json.js';

export const REGISTRATION_ACTIONS = [
  'waitlist_attempt',
  'vpn_request_attempt',
  'contact_form',
  'otp_sent',
  'otp_verified',
  'otp_failed',
  'security_event',
  'rate_limited',
] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

/** Who is asking: taken from the request once, by the route. */
export interface Visitor {
  ip: string;
  userAgent: string | null;
  httpRequestId: string;
}

const USER_AGENT_MAX = 512;
const EMAIL_MAX = 254;
const ERROR_MAX = 1000;

export function visitorOf(request: FastifyRequest): Visitor {
  const ua = request.headers['user-agent'];
  return {
    ip: request.clientIp,
    userAgent:
      typeof ua === 'string' && ua
        ? ua.slice(0, USER_AGENT_MAX).replaceAll('\u0000', '').toWellFormed()
        : null,
    httpRequestId: request.id,
  };
}

export interface RegistrationEvent {
  action: RegistrationAction;
  success: boolean;
  /** As typed by the visitor; stored only if it is a plausible, bounded string. */
  email?: unknown;
  errorMessage?: string | null;
  additionalData?: Record<string, unknown>;
}

export interface RegistrationLog {
  record(visitor: Visitor, event: RegistrationEvent): Promise<void>;
}

/** An e-mail as typed, if it is one we may store: a bounded string without NUL (Postgres refuses it). */
export function loggableEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > EMAIL_MAX || trimmed.includes('\u0000')) return null;
  return trimmed.toWellFormed();
}

export function createRegistrationLog(opts: { db: FormsDb; log: FastifyBaseLogger }): RegistrationLog {
  return {
    async record(visitor, event) {
      try {
        await insertRegistrationLog(opts.db, {
          action: event.action,
          success: event.success,
          email: loggableEmail(event.email),
          error_message: event.errorMessage ? event.errorMessage.slice(0, ERROR_MAX) : null,
          ip_address: visitor.ip.slice(0, 45),
          user_agent: visitor.userAgent,
          request_id: visitor.httpRequestId.slice(0, 255),
          additional_data: event.additionalData
            ? JSON.stringify(toStorableJson(event.additionalData))
            : undefined,
        });
      } catch (err) {
        opts.log.warn({ err, action: event.action }, 'could not write registration log');
      }
    },
  };
}
