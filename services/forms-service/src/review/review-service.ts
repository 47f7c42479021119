/**
 * The operators' review of the public forms: the Overview's counts, the Waitlist, VPN Requests,
 * Contacts and Logs lists, the status-and-notes update and deletion. Any operator reads and
 * exports; only the admin role writes (the routes refuse view_only with a 403 before anything
 * else, and `auditRefusedWrite` logs it). Every write and every export is written to admin_logs.
 * Queries, ids and bodies arrive parsed by the routes' schemas.
 */
import {
  CSV_EXPORT_LIMIT,
  LOG_ACTION_FILTER_MATCHES,
  REVIEW_MESSAGES,
  contactListQuerySchema,
  vpnRequestListQuerySchema,
  waitlistListQuerySchema,
  type AdminIdentity,
  type logListQuerySchema,
  type ReviewUpdateRequest,
  type CurrentReviewState,
  versionConflictMessage,
  type ContactRow,
  type DashboardStats,
  type LogRow,
  type ReviewPagination,
  type VpnRequestRow,
  type WaitlistEntryRow,
} from '@tunnelscope/contracts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  type AdminAuditSubject,
  type Clock,
} from '@tunnelscope/service-kit';
import type { z } from 'zod';
import { recordHandoff, type CollectionHandoff } from '../collection-handoff/collection-handoff.js';
import type { FormsDb } from '../db/schema.js';
import type { AdminAudit, ReviewAuditAction } from './admin-audit.js';
import {
  CONTACT_LIST,
  VPN_REQUEST_LIST,
  WAITLIST_LIST,
  countFormRows,
  deleteFormRow,
  formCounts,
  listFormRows,
  lockReviewState,
  updateReviewState,
  type FormListSpec,
  type FormRow,
  type ListTotal,
  type ReviewState,
} from './form-list-repository.js';
import {
  adminLogExists,
  countMergedLogs,
  deleteVisitorLog,
  listMergedLogs,
  type LogSource,
  type MergedLogRow,
} from './log-list-repository.js';

/** The operator behind a call: the gateway's signed identity plus where the call came from. */
export type Operator = AdminIdentity & AdminAuditSubject;

const iso = (d: Date) => d.toISOString();

/** What every row of the three lists carries for concurrent editing (contracts `reviewBookkeeping`). */
const bookkeeping = (r: FormRow) => ({
  version: r.version,
  updatedAt: r.updated_at ? iso(r.updated_at) : null,
  updatedBy: r.updated_by,
});

/** A row's status, notes and version as a PATCH answers them, or a stale PATCH is told. */
export function reviewStateOf(s: ReviewState): CurrentReviewState {
  return {
    status: s.status,
    notes: s.notes,
    version: s.version,
    updatedAt: s.updated_at ? iso(s.updated_at) : null,
    updatedBy: s.updated_by,
  };
}

/**
 * A PATCH that edited an older version of the row: nothing was written. The route answers 409
 * with the contracts' `versionConflictSchema` (who changed it, when, and the current values).
 */
export class VersionConflictError extends ConflictError {
  constructor(readonly current: CurrentReviewState) {
    super(versionConflictMessage(current));
  }
}

export const FORM_LISTS = {
  waitlist: {
    spec: WAITLIST_LIST,
    query: waitlistListQuerySchema,
    key: 'entries',
    resource: 'waitlist',
    audit: {
      updated: 'waitlist_entry_updated',
      deleted: 'waitlist_entry_deleted',
      export: 'waitlist_export',
    },
    toApi: (r: FormRow): WaitlistEntryRow => ({
      id: r.id,
      email: r.email as string,
      company: (r.company as string | null) ?? null,
      useCase: (r.use_case as string | null) ?? null,
      isVerified: r.is_verified,
      status: r.status,
      notes: r.notes,
      createdAt: iso(r.created_at),
      ipAddress: (r.ip_address as string | null) ?? null,
      ...bookkeeping(r),
    }),
  },
  'vpn-requests': {
    spec: VPN_REQUEST_LIST,
    query: vpnRequestListQuerySchema,
    key: 'requests',
    resource: 'vpn_requests',
    audit: { updated: 'vpn_request_updated', deleted: 'vpn_request_deleted', export: 'vpn_requests_export' },
    toApi: (r: FormRow): VpnRequestRow => ({
      id: r.id,
      vpnName: r.vpn_name as string,
      userEmail: r.user_email as string,
      playstoreLink: r.playstore_link as string,
      additionalInfo: r.additional_info as string,
      requestNumber: (r.request_number as string | null) ?? null,
      isVerified: r.is_verified,
      status: r.status,
      notes: r.notes,
      createdAt: iso(r.created_at),
      ...bookkeeping(r),
    }),
  },
  contacts: {
    spec: CONTACT_LIST,
    query: contactListQuerySchema,
    key: 'contacts',
    resource: 'contacts',
    audit: { updated: 'contact_updated', deleted: 'contact_deleted', export: 'contacts_export' },
    toApi: (r: FormRow): ContactRow => ({
      id: r.id,
      name: r.name as string,
      email: r.email as string,
      subject: r.subject as string,
      message: r.message as string,
      isVerified: r.is_verified,
      status: r.status,
      notes: r.notes,
      createdAt: iso(r.created_at),
      ...bookkeeping(r),
    }),
  },
} as const satisfies Record<
  string,
  {
    spec: FormListSpec;
    query: z.ZodType;
    key: string;
    resource: string;
    audit: Record<'updated' | 'deleted' | 'export', ReviewAuditAction>;
    toApi: (r: FormRow) => unknown;
  }
>;
export type FormListName = keyof typeof FORM_LISTS;

function pagination(page: number, limit: number, counted: ListTotal): ReviewPagination {
  return {
    page,
    limit,
    total: counted.total,
    pages: Math.ceil(counted.total / limit),
    ...(counted.lowerBound ? { totalIsLowerBound: true } : {}),
  };
}

/**
 * A searched page that is not full, and not past the end, already tells the total, so the count
 * (the dearer query for a selective term, whose trigram lists are long) is skipped. Unsearched
 * totals are a read of the kept counts and are always taken from there.
 */
function totalFromPage(
  w: { search?: string | undefined; offset: number; limit: number },
  rowCount: number,
): ListTotal | undefined {
  if (!w.search || rowCount >= w.limit || (rowCount === 0 && w.offset > 0)) return undefined;
  return { total: w.offset + rowCount, lowerBound: false };
}

/** The error of a failed admin row, as the list shows it: an object with `error` or `message`. */
function adminError(details: unknown, success: boolean): LogRow['errorMessage'] {
  if (success || typeof details !== 'object' || details === null) return null;
  const d = details as Record<string, unknown>;
  const error = typeof d.error === 'string' ? d.error : typeof d.reason === 'string' ? d.reason : undefined;
  const message = typeof d.message === 'string' ? d.message : undefined;
  if (error === undefined && message === undefined) return null;
  return { ...(error === undefined ? {} : { error }), ...(message === undefined ? {} : { message }) };
}

export function toLogRow(r: MergedLogRow): LogRow {
  const details =
    typeof r.details === 'object' && r.details !== null && !Array.isArray(r.details)
      ? (r.details as Record<string, unknown>)
      : null;
  return {
    id: r.type === 'visitor' ? `visitor:${r.visitor_id}` : `admin:${r.admin_id_key}`,
    type: r.type,
    email: r.who,
    action: r.action,
    success: r.success,
    ipAddress: r.ip_address,
    errorMessage: r.type === 'visitor' ? r.error_message : adminError(details, r.success),
    resource: r.resource,
    resourceId: r.resource_id,
    details,
    createdAt: iso(r.created_at),
  };
}

/** The sides a Logs query reads: an action filter names its side, a type filter keeps one. */
export function logSources(q: Pick<LogListQuery, 'action' | 'type'>): LogSource[] {
  const all: LogSource[] =
    q.action === 'all' ? [{ type: 'visitor' }, { type: 'admin' }] : [LOG_ACTION_FILTER_MATCHES[q.action]];
  return q.type === 'all' ? all : all.filter((s) => s.type === q.type);
}

/** The largest id `serial` can hold: a bigger `visitor:` id names no row. */
const MAX_SERIAL = 2_147_483_647;

/** A list's query as its schema parses it. */
export type FormListQuery = z.output<(typeof FORM_LISTS)[FormListName]['query']>;
export type LogListQuery = z.output<typeof logListQuerySchema>;

/** A write a view_only operator attempted: what its audit row names. */
export interface RefusedWrite {
  operation: string;
  resource: string;
  /** The id the call named, as sent (bounded). */
  resourceId?: string;
}

export interface ReviewService {
  overview(): Promise<DashboardStats>;
  list(operator: Operator, name: FormListName, query: FormListQuery): Promise<Record<string, unknown>>;
  /** The writes below are for the admin role only: their routes check it first. */
  update(
    operator: Operator,
    name: FormListName,
    id: string,
    change: ReviewUpdateRequest,
  ): Promise<CurrentReviewState>;
  remove(operator: Operator, name: FormListName, id: string): Promise<void>;
  logs(operator: Operator, query: LogListQuery): Promise<{ logs: LogRow[]; pagination: ReviewPagination }>;
  removeLog(operator: Operator, id: string): Promise<void>;
  /** The `permission_denied` audit row of a write refused to a view_only operator. */
  auditRefusedWrite(operator: Operator, attempt: RefusedWrite): Promise<void>;
}

export function createReviewService(deps: {
  db: FormsDb;
  clock: Clock;
  audit: AdminAudit;
  /** A VPN request marked Complete goes on the collection list (issue 17); absent, nothing is handed off. */
  handoff?: CollectionHandoff;
}): ReviewService {
  const { db, audit } = deps;

  /** A request to export (the one limit above a page's) is audited with what was asked. */
  const auditExport = async (
    operator: Operator,
    action: ReviewAuditAction,
    resource: string,
    details: Record<string, unknown>,
  ) => {
    await audit.record(operator, { action, resource, details });
  };

  return {
    async overview() {
      const counts = await formCounts(db);
      const of = (name: string) => counts.get(name) ?? { total: 0, verified: 0 };
      return {
        waitlist: of(WAITLIST_LIST.countName),
        vpnRequests: of(VPN_REQUEST_LIST.countName),
        contacts: of(CONTACT_LIST.countName),
      };
    },

    async list(operator, name, q) {
      const list = FORM_LISTS[name];
      const window = {
        search: q.search || undefined,
        verified: q.verified,
        sort: q.sort,
        order: q.order,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      };
      const rows = await listFormRows(db, list.spec, window);
      const counted = totalFromPage(window, rows.length) ?? (await countFormRows(db, list.spec, window));
      if (q.limit === CSV_EXPORT_LIMIT) {
        await auditExport(operator, list.audit.export, list.resource, {
          rows: rows.length,
          search: q.search || null,
          verified: q.verified,
          sort: q.sort,
          order: q.order,
          page: q.page,
        });
      }
      return {
        [list.key]: rows.map((r) => list.toApi(r)),
        pagination: pagination(q.page, q.limit, counted),
      };
    },

    async update(operator, name, rawId, change) {
      const list = FORM_LISTS[name];
      const id = rawId.toLowerCase();
      const { after, handoff } = await db.transaction().execute(async (trx) => {
        const before = await lockReviewState(trx, list.spec, id);
        if (!before) throw new NotFoundError(REVIEW_MESSAGES.entryNotFound);
        // Edited from an older version: another operator's change is never silently overwritten.
        if (change.version !== undefined && change.version !== before.version)
          throw new VersionConflictError(reviewStateOf(before));
        const wanted = { status: change.status ?? before.status, notes: change.notes ?? before.notes };
        const changed = wanted.status !== before.status || wanted.notes !== before.notes;
        const after = changed
          ? await updateReviewState(trx, list.spec, id, wanted, {
              username: operator.username,
              now: deps.clock.now(),
            })
          : before;
        // Completing a VPN request hands its VPN to collection, once per request: recorded here,
        // with the status, so a crash or a Redis outage after commit cannot lose it.
        const handoff =
          deps.handoff && name === 'vpn-requests' && after.status === 'Complete'
            ? await recordHandoff(trx, id, deps.clock.now())
            : undefined;
        await audit.recordIn(trx, operator, {
          action: list.audit.updated,
          resource: list.resource,
          resourceId: id,
          details: {
            status: { from: before.status, to: after.status },
            notesChanged: before.notes !== after.notes,
          },
        });
        return { after, handoff };
      });
      // After commit; a failure is logged and left to the sweep, the operator's change stands.
      if (handoff && deps.handoff) await deps.handoff.deliver(handoff);
      return reviewStateOf(after);
    },

    async remove(operator, name, rawId) {
      const list = FORM_LISTS[name];
      const id = rawId.toLowerCase();
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteFormRow(trx, list.spec, id);
        if (!deleted) throw new NotFoundError(REVIEW_MESSAGES.entryNotFound);
        await audit.recordIn(trx, operator, {
          action: list.audit.deleted,
          resource: list.resource,
          resourceId: id,
          details: { deleted },
        });
      });
    },

    async logs(operator, q) {
      const sources = logSources(q);
      const conditions = {
        search: q.search || undefined,
        failedOnly: q.result === 'failed',
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      const window = {
        sources,
        ...conditions,
        order: q.order,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      };
      const rows = await listMergedLogs(db, window);
      // A narrowed list is counted row by row: a page that is not full already gives its total.
      const narrowed = Boolean(
        conditions.search || conditions.failedOnly || conditions.from || conditions.to,
      );
      const counted =
        totalFromPage({ ...window, search: narrowed ? 'narrowed' : undefined }, rows.length) ??
        (await countMergedLogs(db, window));
      if (q.limit === CSV_EXPORT_LIMIT) {
        await auditExport(operator, 'logs_export', 'logs', {
          rows: rows.length,
          search: q.search || null,
          action: q.action,
          result: q.result,
          type: q.type,
          from: q.from ?? null,
          to: q.to ?? null,
          order: q.order,
          page: q.page,
        });
      }
      return { logs: rows.map(toLogRow), pagination: pagination(q.page, q.limit, counted) };
    },

    async removeLog(operator, rawId) {
      const id = rawId.toLowerCase();
      const [type, key = ''] = id.split(':') as [string, string];
      if (type === 'admin') {
        // The audit trail is not the operators' to trim: an admin row is never deleted.
        if (!(await adminLogExists(db, key.toLowerCase())))
          throw new NotFoundError(REVIEW_MESSAGES.logNotFound);
        await audit.record(operator, {
          action: 'permission_denied',
          success: false,
          resource: 'logs',
          resourceId: id,
          details: { operation: 'delete', reason: 'admin_log_protected' },
        });
        throw new ForbiddenError(REVIEW_MESSAGES.adminLogProtected);
      }
      const visitorId = Number(key);
      if (visitorId > MAX_SERIAL) throw new NotFoundError(REVIEW_MESSAGES.logNotFound);
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteVisitorLog(trx, visitorId);
        if (!deleted) throw new NotFoundError(REVIEW_MESSAGES.logNotFound);
        await audit.recordIn(trx, operator, {
          action: 'log_entry_deleted',
          resource: 'logs',
          resourceId: id,
          details: { deleted },
        });
      });
    },

    async auditRefusedWrite(operator, attempt) {
      await audit.record(operator, {
        action: 'permission_denied',
        success: false,
        resource: attempt.resource,
        ...(attempt.resourceId ? { resourceId: attempt.resourceId } : {}),
        details: { operation: attempt.operation, role: operator.role },
      });
    },
  };
}
