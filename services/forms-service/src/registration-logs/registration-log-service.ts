/**
 * Every visitor attempt, accepted or refused, leaves a row in registration_logs. Writing the row
 * must never change the visitor's answer: a failed write is logged and dropped. A success path may
 * instead write its rows inside its own transaction (`recordIn`, one commit for the row and its
 * log); that write throws, so its caller can redo the work without it and `record` afterwards.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Executor, FormsDb, NewRegistrationLog, PendingWrite } from '../db/schema.js';
import {
  deleteRegistrationLogs,
  insertRegistrationLog,
  insertRegistrationLogs,
} from './registration-log-repository.js';
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
  /** Writes the row on its own; never throws. */
  record(visitor: Visitor, event: RegistrationEvent): Promise<void>;
  /**
   * Writes the rows in one statement with `trx` (a transaction of the caller's, so they commit
   * or roll back with it) and returns their ids; `alongside` (the caller's own insert or update)
   * runs in that same statement. Throws if the write fails.
   */
  recordIn(
    trx: Executor,
    visitor: Visitor,
    events: RegistrationEvent[],
    alongside?: PendingWrite,
  ): Promise<number[]>;
  /** Removes committed rows whose claim did not come true (e.g. the mail never reached the queue); never throws. */
  retract(ids: number[]): Promise<void>;
}

/** An e-mail as typed, if it is one we may store: a bounded string without NUL (Postgres refuses it). */
export function loggableEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > EMAIL_MAX || trimmed.includes('\u0000')) return null;
  return trimmed.toWellFormed();
}

function toRow(visitor: Visitor, event: RegistrationEvent): NewRegistrationLog {
  return {
    action: event.action,
    success: event.success,
    email: loggableEmail(event.email),
    error_message: event.errorMessage ? event.errorMessage.slice(0, ERROR_MAX) : null,
    ip_address: visitor.ip.slice(0, 45),
    user_agent: visitor.userAgent,
    request_id: visitor.httpRequestId.slice(0, 255),
    additional_data: event.additionalData ? JSON.stringify(toStorableJson(event.additionalData)) : undefined,
  };
}

export function createRegistrationLog(opts: { db: FormsDb; log: FastifyBaseLogger }): RegistrationLog {
  return {
    async record(visitor, event) {
      try {
        await insertRegistrationLog(opts.db, toRow(visitor, event));
      } catch (err) {
        opts.log.warn({ err, action: event.action }, 'could not write registration log');
      }
    },

    async recordIn(trx, visitor, events, alongside) {
      try {
        return await insertRegistrationLogs(
          trx,
          events.map((event) => toRow(visitor, event)),
          alongside,
        );
      } catch (err) {
        opts.log.warn({ err, actions: events.map((e) => e.action) }, 'could not write registration logs');
        throw err;
      }
    },

    async retract(ids) {
      try {
        await deleteRegistrationLogs(opts.db, ids);
      } catch (err) {
        opts.log.warn({ err, ids }, 'could not remove registration logs');
      }
    },
  };
}
