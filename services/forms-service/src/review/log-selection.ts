/**
 * Bulk work on the Logs list's visitor rows (issue 16): delete a selection in one transaction
 * (one `log_entry_deleted` audit row per deleted row plus one `logs_bulk_delete` for the action),
 * "select all N matching" (visitor rows only, up to the export cap), and a selection's rows for
 * an export (audited like an export). Admin rows are audit rows and are never selected.
 */
import {
  CSV_EXPORT_LIMIT,
  type BulkActionResult,
  type LogListQuery,
  type LogRow,
} from '@tunnelscope/contracts';
import type { Clock } from '@tunnelscope/service-kit';
import type { FormsDb } from '../db/schema.js';
import { recordManyIn, type AdminAudit, type ReviewAuditEvent } from './admin-audit.js';
import {
  countMergedLogs,
  deleteVisitorLogs,
  matchingVisitorLogIds,
  visitorLogsByIds,
} from './log-list-repository.js';
import { logSources, toLogRow, type Operator } from './review-service.js';

/** registration_logs.id is a serial: a larger number names no row (and must not reach SQL). */
const MAX_SERIAL = 2_147_483_647;

/** `visitor:<n>` → n, leaving out numbers no row can have. */
function visitorKeys(ids: readonly string[]): number[] {
  return ids.map((id) => Number(id.slice('visitor:'.length))).filter((n) => n <= MAX_SERIAL);
}

export interface LogSelection {
  /** Deletes the selected visitor rows; answers the counts and the ids deleted. */
  deleteMany(
    operator: Operator,
    ids: readonly string[],
  ): Promise<BulkActionResult & { deletedIds: string[] }>;
  matchingIds(q: LogListQuery): Promise<{
    ids: string[];
    total: number;
    capped: boolean;
  }>;
  rows(operator: Operator, ids: readonly string[]): Promise<LogRow[]>;
}

export function createLogSelection(deps: { db: FormsDb; clock: Clock; audit: AdminAudit }): LogSelection {
  const { db } = deps;
  return {
    async deleteMany(operator, ids) {
      const deleted = await db.transaction().execute(async (trx) => {
        const rows = await deleteVisitorLogs(trx, visitorKeys(ids));
        const events: ReviewAuditEvent[] = rows.map((r) => ({
          action: 'log_entry_deleted',
          resource: 'logs',
          resourceId: `visitor:${r.id}`,
          details: { deleted: { action: r.action, email: r.email }, bulk: true },
        }));
        events.push({
          action: 'logs_bulk_delete',
          resource: 'logs',
          details: { selected: ids.length, changed: rows.length, notFound: ids.length - rows.length },
        });
        await recordManyIn(trx, operator, events, deps.clock.now());
        return rows;
      });
      return {
        changed: deleted.length,
        unchanged: 0,
        notFound: ids.length - deleted.length,
        deletedIds: deleted.map((r) => `visitor:${r.id}`),
      };
    },

    async matchingIds(q) {
      // Only the visitor side can be selected: an admin-only query matches nothing.
      const visitor =
        q.type === 'admin'
          ? undefined
          : logSources({ action: q.action ?? 'all', type: 'visitor' }).find((s) => s.type === 'visitor');
      if (!visitor) return { ids: [], total: 0, capped: false };
      const conditions = {
        search: q.search || undefined,
        failedOnly: q.result === 'failed',
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      const keys = await matchingVisitorLogIds(db, {
        ...conditions,
        actions: visitor.actions,
        order: q.order ?? 'desc',
        limit: CSV_EXPORT_LIMIT + 1,
      });
      const capped = keys.length > CSV_EXPORT_LIMIT;
      const ids = keys.slice(0, CSV_EXPORT_LIMIT).map((n) => `visitor:${n}`);
      if (!capped) return { ids, total: ids.length, capped };
      const counted = await countMergedLogs(db, { ...conditions, sources: [visitor] });
      return { ids, total: Math.max(counted.total, CSV_EXPORT_LIMIT + 1), capped };
    },

    async rows(operator, ids) {
      const rows = await visitorLogsByIds(db, visitorKeys(ids));
      // Reading a selection's rows is how a selection is exported: audited like an export.
      await deps.audit.record(operator, {
        action: 'logs_export',
        resource: 'logs',
        details: { rows: rows.length, selected: ids.length },
      });
      return rows.map(toLogRow);
    },
  };
}
