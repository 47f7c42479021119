/**
 * The one shape of an `admin_logs` row. Every admin action and every refusal of one is audited:
 * auth-service owns the table (its migrations create it); forms-service appends the rows of the
 * review lists' writes and exports through the same builder, so both write identical rows.
 */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Clock } from './clock.js';
import { UnauthorizedError } from './errors.js';
// `request.clientIp` is declared there.
import type {} from './gateway-trust.js';

/** Who acted, and from where: an operator with a session, or (sign-in, CLI) a claimed username. */
export interface AdminAuditSubject {
  adminId: string | null;
  sessionId: string | null;
  username: string | null;
  /** The client address; empty for the command line. */
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export interface AdminAuditEvent<Action extends string = string> {
  action: Action;
  success?: boolean;
  resource?: string;
  resourceId?: string;
  details?: Record<string, unknown>;
}

const USER_AGENT_MAX = 512;

/**
 * Where a call came from, as an audit row records it: the client address (set by
 * `installGatewayTrust`), a bounded user agent, and the request id.
 */
export function auditContextOf(
  request: FastifyRequest,
): Pick<AdminAuditSubject, 'ip' | 'userAgent' | 'requestId'> {
  const ua = request.headers['user-agent'];
  return {
    ip: request.clientIp,
    userAgent:
      typeof ua === 'string' && ua
        ? ua.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX).toWellFormed()
        : null,
    requestId: request.id,
  };
}

/**
 * The `admin_logs` table as auth-service's migration creates it: `id`, `success` and
 * `created_at` have database defaults (an insert may leave them out); `details` is jsonb, written
 * as JSON text and read back parsed.
 */
export interface AdminLogsTable {
  id: Generated<string>;
  admin_id: string | null;
  session_id: string | null;
  username: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  ip_address: string | null;
  user_agent: string | null;
  success: Generated<boolean>;
  created_at: Generated<Date>;
}

export type AdminLogRow = Selectable<AdminLogsTable>;
export type NewAdminLog = Insertable<AdminLogsTable>;

/** What `adminLogRow` builds: every column of an insert given (`details` as JSON text). */
export interface AdminLogInsert {
  admin_id: string | null;
  session_id: string | null;
  username: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  details: string;
  ip_address: string | null;
  user_agent: string | null;
  success: boolean;
  created_at: Date;
}

const USERNAME_MAX = 50;
const ADDRESS_MAX = 45;

/** jsonb refuses NUL and lone surrogates, which a typed search or username may hold. */
export function storableJson(value: Record<string, unknown>): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' ? v.replaceAll('\u0000', '').toWellFormed() : v,
  );
}

export function adminLogRow(subject: AdminAuditSubject, event: AdminAuditEvent, now: Date): AdminLogInsert {
  return {
    admin_id: subject.adminId,
    session_id: subject.sessionId,
    // A claimed username on a failed sign-in is whatever was typed: bound it to the column.
    username: subject.username
      ? subject.username.replaceAll('\u0000', '').slice(0, USERNAME_MAX).toWellFormed()
      : null,
    action: event.action,
    resource: event.resource ?? null,
    resource_id: event.resourceId ?? null,
    details: storableJson({ ...event.details, requestId: subject.requestId }),
    ip_address: subject.ip ? subject.ip.slice(0, ADDRESS_MAX) : null,
    user_agent: subject.userAgent,
    success: event.success ?? true,
    created_at: now,
  } satisfies NewAdminLog;
}

/** Any kysely connection or transaction whose database has auth-service's `admin_logs` table. */
export type AdminLogWriter = Pick<Kysely<{ admin_logs: AdminLogsTable }>, 'insertInto'>;

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A service's audit trail in `admin_logs`: `recordIn` writes the row in the caller's transaction,
 * so a change and its audit row commit together; `record` writes a refusal or an export on its
 * own, and logs a failed write instead of failing the answer.
 */
export interface AdminAudit<Action extends string> {
  record(subject: AdminAuditSubject, event: AdminAuditEvent<Action>): Promise<void>;
  recordIn(trx: AdminLogWriter, subject: AdminAuditSubject, event: AdminAuditEvent<Action>): Promise<void>;
}

export function createAdminAudit<Action extends string>(deps: {
  db: AdminLogWriter;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}): AdminAudit<Action> {
  const insert = (db: AdminLogWriter, subject: AdminAuditSubject, event: AdminAuditEvent<Action>) =>
    db
      .insertInto('admin_logs')
      .values(adminLogRow(subject, event, deps.clock.now()))
      .execute();
  return {
    async record(subject, event) {
      try {
        await insert(deps.db, subject, event);
      } catch (err) {
        deps.log.error({ err, action: event.action }, 'could not write admin log');
      }
    },
    async recordIn(trx, subject, event) {
      try {
        await insert(trx, subject, event);
      } catch (err) {
        // The operator or the session was deleted since the gateway vouched for it a moment ago.
        if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
          throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
        }
        throw err;
      }
    },
  };
}
