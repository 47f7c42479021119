/**
 * The selection of a review list (Waitlist, VPN Requests, Contacts) over the agreed endpoints:
 * "Select all N matching" from `GET {endpoint}/ids`, set status Waiting/Pending/Complete and
 * delete through `POST {endpoint}/bulk` (one request each), and "Export selection" from
 * `POST {endpoint}/rows`. A page passes it as the table's `selection` for an admin only.
 */
import { RECORD_STATUSES, type RecordStatus } from '@tunnelscope/contracts';
import type { ZodType } from 'zod';
import { fetchMatchingIds, fetchRowsByIds, runBulkAction } from '../../api/list.js';
import type { BulkResult, DataTableBulkAction, DataTableSelection } from './types.js';

/** "1 row" / "12 rows". */
export const rowsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

export const bulkStatusMessage = (count: number, status: RecordStatus) =>
  `Set the status of ${rowsText(count)} to ${status}?`;
export const bulkDeleteMessage = (count: number) =>
  `Delete ${rowsText(count)}? This action cannot be undone.`;

/** 'Set Waiting', 'Set Pending', 'Set Complete' and 'Delete', each over `run`. */
export function reviewBulkActions(
  run: (ids: string[], action: { status: RecordStatus } | 'delete') => Promise<BulkResult | void>,
): DataTableBulkAction[] {
  return [
    ...RECORD_STATUSES.map((status): DataTableBulkAction => ({
      id: `status:${status}`,
      label: `Set ${status}`,
      color: 'blue',
      confirmTitle: 'Change Status',
      confirmLabel: `Set ${status}`,
      confirmMessage: (count) => bulkStatusMessage(count, status),
      run: (ids) => run(ids, { status }),
    })),
    {
      id: 'delete',
      label: 'Delete',
      color: 'red',
      confirmTitle: 'Delete Entries',
      confirmLabel: 'Delete',
      confirmMessage: bulkDeleteMessage,
      run: (ids) => run(ids, 'delete'),
    },
  ];
}

/** The whole selection of a review list at `endpoint` (e.g. `/data/waitlist`). */
export function reviewListSelection<Row>(
  endpoint: string,
  {
    rowSchema,
    dataKey,
    onDone,
  }: { rowSchema: ZodType<Row>; dataKey?: string; onDone?: DataTableSelection<Row>['onDone'] },
): DataTableSelection<Row> {
  return {
    actions: reviewBulkActions((ids, action) =>
      runBulkAction(
        endpoint,
        action === 'delete'
          ? { ids, action: 'delete' }
          : { ids, action: 'set_status', status: action.status },
      ),
    ),
    matchingIds: (params) => fetchMatchingIds(endpoint, params),
    exportRows: (ids) => fetchRowsByIds(endpoint, ids, { rowSchema, dataKey }),
    onDone,
  };
}
