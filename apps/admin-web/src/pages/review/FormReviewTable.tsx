/**
 * What the Waitlist, VPN Requests and Contacts tabs share: the data table over a form list with the
 * verified filter, newest first, and delete; editing and deleting only for the admin role; a delete
 * drops the Overview's cached counts. Issue 16: the view lives in the address (`urlKey`); a row
 * opens its detail drawer (Enter, a click or tap; `n` with the notes focused); keys 1/2/3 set its
 * status (a versioned save: a conflict is reported, never overwritten); the admin role selects
 * rows for bulk actions (set status, delete — one request each, the confirmation naming how many
 * rows will change) and exports a selection.
 */
import { useMemo, useState } from 'react';
import type { ZodType } from 'zod';
import type { RecordStatus } from '@tunnelscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/client.js';
import { listKeys } from '../../api/list.js';
import {
  VersionConflictError,
  bulkConfirmText,
  fetchMatchingIds,
  fetchSelectedRows,
  runBulkAction,
  saveRecord,
} from '../../api/records.js';
import { useForgetOverview } from '../../api/review.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../components/data-table/index.js';
import type { DataTableBulkAction, DataTableSelection } from '../../components/data-table/types.js';
import { notifyError } from '../../components/notify.js';
import { RecordDrawer } from '../../components/record-drawer/RecordDrawer.js';
import { STATUS_LABELS } from '../../components/status-editor/status-labels.js';
import { VERIFIED_FILTER } from './review-columns.js';

/** What the shared table needs of a row of the three lists. */
export interface ReviewRow {
  id: string;
  status: RecordStatus;
  notes: string;
  version: number;
}

export interface FormReviewTableProps<Row> extends Pick<
  DataTableProps<Row>,
  | 'title'
  | 'description'
  | 'endpoint'
  | 'searchPlaceholder'
  | 'deleteConfirmTitle'
  | 'deleteConfirmMessage'
  | 'deleteErrorTitle'
  | 'urlKey'
  | 'banner'
> {
  dataKey: 'entries' | 'requests' | 'contacts';
  rowSchema: ZodType<Row>;
  /** The tab's columns; `canEdit` is false for a view_only operator. */
  columns: (opts: { canEdit: boolean }) => DataTableColumn<Row>[];
}

const STATUSES: RecordStatus[] = ['Waiting', 'Pending', 'Complete'];

/** The question, and how many rows will change. */
function confirmation(question: string, count: number): ReactNode {
  return (
    <Stack gap={4}>
      <Text size="sm">{question}</Text>
      <Text size="sm" fw={600}>
        {bulkConfirmText(count)}
      </Text>
    </Stack>
  );
}

/** The bulk bar's actions of a list: set each status, delete. */
export function reviewBulkActions(endpoint: string): DataTableBulkAction[] {
  return [
    ...STATUSES.map((status): DataTableBulkAction => ({
      id: `status:${status}`,
      label: `Set ${STATUS_LABELS[status]}`,
      confirmTitle: `Set ${STATUS_LABELS[status]}`,
      confirmMessage: (count) =>
        confirmation(
          `Set the status of ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} to ${STATUS_LABELS[status]}?`,
          count,
        ),
      run: (ids) => runBulkAction(endpoint, { ids, action: 'set_status', status }),
    })),
    {
      id: 'delete',
      label: 'Delete',
      color: 'red',
      confirmTitle: 'Delete selected rows',
      confirmMessage: (count) =>
        confirmation(
          `Delete ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}? This cannot be undone.`,
          count,
        ),
      run: (ids) => runBulkAction(endpoint, { ids, action: 'delete' }),
    },
  ];
}

export function FormReviewTable<Row extends ReviewRow>({
  columns: columnsFor,
  ...props
}: FormReviewTableProps<Row>) {
  const isAdmin = useCurrentUser().role === 'admin';
  const forgetOverview = useForgetOverview();
  const queryClient = useQueryClient();
  const columns = useMemo(() => columnsFor({ canEdit: isAdmin }), [columnsFor, isAdmin]);
  const [open, setOpen] = useState<{ id: string; focusNotes: boolean } | null>(null);
  const { endpoint, rowSchema } = props;

  const selection = useMemo<DataTableSelection<Row>>(
    () => ({
      actions: reviewBulkActions(endpoint),
      matchingIds: (params) => fetchMatchingIds(endpoint, params),
      exportRows: (ids) => fetchSelectedRows(endpoint, ids, rowSchema),
      onDone: (actionId) => {
        if (actionId === 'delete') forgetOverview();
      },
    }),
    [endpoint, rowSchema, forgetOverview],
  );

  /** Keys 1/2/3: the row's status, saved against the version the table shows. */
  const quickStatus = (row: Row, status: RecordStatus) => {
    if (!isAdmin || row.status === status) return;
    saveRecord(endpoint, row.id, { status, notes: row.notes, version: row.version })
      .catch((err: unknown) => {
        const text =
          err instanceof VersionConflictError
            ? `${err.message}; it is now ${STATUS_LABELS[err.current.status]}.`
            : messageOf(err, 'The status was not saved. Please try again.');
        notifyError('Update failed', text);
      })
      .finally(() => void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) }));
  };

  return (
    <>
      <DataTable<Row>
        {...props}
        columns={columns}
        filters={[VERIFIED_FILTER]}
        defaultSort="createdAt"
        deleteEnabled
        onDeleted={forgetOverview}
        canDelete={isAdmin}
        selection={selection}
        onOpenRow={(row, options) => setOpen({ id: row.id, focusNotes: options?.focusNotes ?? false })}
        onQuickStatus={quickStatus}
      />
      <RecordDrawer
        endpoint={endpoint}
        id={open?.id ?? null}
        focusNotes={open?.focusNotes}
        canEdit={isAdmin}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
