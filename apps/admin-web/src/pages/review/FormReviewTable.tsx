/**
 * What the Waitlist, VPN Requests and Contacts tabs share: the data table over a form list with the
 * verified filter, newest first, and delete; editing and deleting only for the admin role; a delete
 * drops the Overview's cached counts.
 */
import { useMemo } from 'react';
import type { ZodType } from 'zod';
import { useForgetOverview } from '../../api/review.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../components/data-table/index.js';
import { VERIFIED_FILTER } from './review-columns.js';

export interface FormReviewTableProps<Row> extends Pick<
  DataTableProps<Row>,
  | 'title'
  | 'description'
  | 'endpoint'
  | 'searchPlaceholder'
  | 'deleteConfirmTitle'
  | 'deleteConfirmMessage'
  | 'deleteErrorTitle'
> {
  dataKey: 'entries' | 'requests' | 'contacts';
  rowSchema: ZodType<Row>;
  /** The tab's columns; `canEdit` is false for a view_only operator. */
  columns: (opts: { canEdit: boolean }) => DataTableColumn<Row>[];
}

export function FormReviewTable<Row>({ columns: columnsFor, ...props }: FormReviewTableProps<Row>) {
  const isAdmin = useCurrentUser().role === 'admin';
  const forgetOverview = useForgetOverview();
  const columns = useMemo(() => columnsFor({ canEdit: isAdmin }), [columnsFor, isAdmin]);
  return (
    <DataTable<Row>
      {...props}
      columns={columns}
      filters={[VERIFIED_FILTER]}
      defaultSort="createdAt"
      deleteEnabled
      onDeleted={forgetOverview}
      canDelete={isAdmin}
    />
  );
}
