/**
 * A reviewer's work on the records of the Waitlist, VPN Requests and Contacts lists (issue 16):
 * - a bulk action (set status, delete) over up to CSV_EXPORT_LIMIT selected rows is one
 *   transaction: the rows are locked, changed, and audited (one `…_updated`/`…_deleted` row per
 *   changed record, marked `bulk`, plus one `…_bulk_status`/`…_bulk_delete` row for the action);
 * - "select all N matching" answers the ids of a list's query, up to the same cap;
 * - the selected rows, for an export of a selection (audited like an export);
 * - a record's detail: its row, every stored field and its history.
 * The routes check the admin role for the writes before anything else.
 */
import {
  CSV_EXPORT_LIMIT,
  REVIEW_MESSAGES,
  type BulkActionRequest,
  type BulkActionResult,
  type MatchingIds,
} from '@tunnelscope/contracts';
import { NotFoundError, type Clock } from '@tunnelscope/service-kit';
import type { CollectionTargetJob } from '@tunnelscope/contracts';
import type { CollectionHandoff } from '../../collection-handoff/collection-handoff.js';
import type { FormsDb } from '../../db/schema.js';
import { recordManyIn, type AdminAudit, type ReviewAuditEvent } from '../admin-audit.js';
import { countFormRows } from '../form-list-repository.js';
import type { FormListName, FormListQuery, Operator } from '../review-service.js';
import { FORM_LISTS } from '../review-service.js';
import { mergeHistory } from './record-history.js';
import {
  adminHistory,
  deleteRows,
  lockStatuses,
  matchingIds,
  recordHandoffs,
  rowsByIds,
  setStatuses,
  storedRow,
  visitorHistory,
} from './record-repository.js';

/** The column holding the visitor's address, whose registration logs are the record's own events. */
const EMAIL_COLUMN: Record<FormListName, string> = {
  waitlist: 'email',
  'vpn-requests': 'user_email',
  contacts: 'email',
};

/** The bulk action's own audit row, per list and action. */
const BULK_AUDIT = {
  waitlist: { set_status: 'waitlist_bulk_status', delete: 'waitlist_bulk_delete' },
  'vpn-requests': { set_status: 'vpn_requests_bulk_status', delete: 'vpn_requests_bulk_delete' },
  contacts: { set_status: 'contacts_bulk_status', delete: 'contacts_bulk_delete' },
} as const;

export type StoredValue = string | number | boolean | null;

export interface RecordsService {
  /** The counts answered, and the ids changed (for the live events sent after commit). */
  bulk(
    operator: Operator,
    name: FormListName,
    request: BulkActionRequest,
  ): Promise<BulkActionResult & { changedIds: string[] }>;
  matchingIds(name: FormListName, query: FormListQuery): Promise<MatchingIds>;
  rows(operator: Operator, name: FormListName, ids: readonly string[]): Promise<unknown[]>;
  detail(
    name: FormListName,
    id: string,
  ): Promise<{ row: unknown; fields: Record<string, StoredValue>; history: ReturnType<typeof mergeHistory> }>;
}

function storedValue(value: unknown): StoredValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function createRecordsService(deps: {
  db: FormsDb;
  clock: Clock;
  audit: AdminAudit;
  handoff?: CollectionHandoff;
}): RecordsService {
  const { db } = deps;

  return {
    async bulk(operator, name, request) {
      const list = FORM_LISTS[name];
      const ids = request.ids.map((id) => id.toLowerCase());
      const now = deps.clock.now();
      const { result, jobs } = await db.transaction().execute(async (trx) => {
        const found = await lockStatuses(trx, list.spec, ids);
        const events: ReviewAuditEvent[] = [];
        let changed: string[];
        let jobs: CollectionTargetJob[] = [];
        if (request.action === 'set_status') {
          const moving = found.filter((r) => r.status !== request.status);
          changed = moving.map((r) => r.id);
          await setStatuses(trx, list.spec, changed, request.status, { username: operator.username, now });
          for (const r of moving) {
            events.push({
              action: list.audit.updated,
              resource: list.resource,
              resourceId: r.id,
              details: { status: { from: r.status, to: request.status }, notesChanged: false, bulk: true },
            });
          }
          if (deps.handoff && name === 'vpn-requests' && request.status === 'Complete')
            jobs = await recordHandoffs(trx, changed, now);
        } else {
          const deleted = await deleteRows(trx, list.spec, ids);
          changed = deleted.map((r) => r.id);
          for (const { id, ...kept } of deleted) {
            events.push({
              action: list.audit.deleted,
              resource: list.resource,
              resourceId: id,
              details: { deleted: kept, bulk: true },
            });
          }
        }
        const result: BulkActionResult = {
          changed: changed.length,
          unchanged: found.length - changed.length,
          notFound: ids.length - found.length,
        };
        events.push({
          action: BULK_AUDIT[name][request.action],
          resource: list.resource,
          details: {
            ...(request.action === 'set_status' ? { status: request.status } : {}),
            selected: ids.length,
            ...result,
          },
        });
        await recordManyIn(trx, operator, events, now);
        return { result: { ...result, changedIds: changed }, jobs };
      });
      // After commit, as for one PATCH: a failed enqueue is left to the sweep.
      if (deps.handoff) {
        const handoff = deps.handoff;
        await Promise.all(jobs.map((job) => handoff.deliver(job)));
      }
      return result;
    },

    async matchingIds(name, q) {
      const list = FORM_LISTS[name];
      const window = { search: q.search || undefined, verified: q.verified, sort: q.sort, order: q.order };
      const { ids, capped } = await matchingIds(db, list.spec, window);
      if (!capped) return { ids, total: ids.length, capped };
      // More match than a selection may hold: the kept counts tell an unsearched total exactly;
      // a searched one is only known to exceed the cap.
      const counted = window.search
        ? { total: CSV_EXPORT_LIMIT + 1 }
        : await countFormRows(db, list.spec, { ...window, offset: 0, limit: 0 });
      return { ids, total: Math.max(counted.total, CSV_EXPORT_LIMIT + 1), capped };
    },

    async rows(operator, name, rawIds) {
      const list = FORM_LISTS[name];
      const ids = rawIds.map((id) => id.toLowerCase());
      const rows = await rowsByIds(db, list.spec, ids);
      // Reading a selection's rows is how a selection is exported: audited like an export.
      await deps.audit.record(operator, {
        action: list.audit.export,
        resource: list.resource,
        details: { rows: rows.length, selected: ids.length },
      });
      return rows.map((r) => list.toApi(r));
    },

    async detail(name, rawId) {
      const list = FORM_LISTS[name];
      const id = rawId.toLowerCase();
      const stored = await storedRow(db, list.spec, id);
      if (!stored) throw new NotFoundError(REVIEW_MESSAGES.entryNotFound);
      const email = stored[EMAIL_COLUMN[name]];
      const [admin, visitor] = await Promise.all([
        adminHistory(db, list.resource, id, [list.audit.updated]),
        typeof email === 'string' ? visitorHistory(db, email) : Promise.resolve([]),
      ]);
      return {
        row: list.toApi(stored as Parameters<typeof list.toApi>[0]),
        fields: Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, storedValue(v)])),
        history: mergeHistory(admin, visitor),
      };
    },
  };
}
