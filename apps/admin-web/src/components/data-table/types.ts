import type { SortOrder } from '@tunnelscope/contracts';
import type { ReactNode, Ref } from 'react';
import type { ZodType } from 'zod';

/** What a cell renderer may do to its table. */
export interface DataTableContext<Row> {
  /** Reloads the current page (e.g. after a status or notes edit saved by the cell). */
  refresh: () => void;
  /** Opens the table's delete confirmation for `row` (for an actions column of your own). */
  requestDelete: (row: Row) => void;
  /** The `canDelete` prop, for actions columns of your own. */
  canDelete: boolean;
}

export interface DataTableColumn<Row> {
  /** The row field shown by default, and the column's identity. */
  key: string;
  /** Header text; also the CSV header. */
  label: string;
  /** The header becomes a sort button; the server sorts by `sortKey` (default `key`). */
  sortable?: boolean;
  sortKey?: string;
  /** The cell; by default `row[key]` formatted (Yes/No, '-', local date and time). */
  render?: (row: Row, context: DataTableContext<Row>) => ReactNode;
  /**
   * The exported value (formatted like the default cell); by default `row[key]`. `false` leaves
   * the column out of the export: set it on actions columns.
   */
  csv?: ((row: Row) => unknown) | false;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableFilterOption {
  value: string;
  label: string;
}

/** A filter dropdown; its value is sent as `key=value`, except 'all' which is left out. */
export interface DataTableFilter {
  key: string;
  label: string;
  /** Include the 'all' option yourself, e.g. `{ value: 'all', label: 'All roles' }`. */
  options: DataTableFilterOption[];
  /** Default 'all'. */
  default?: string;
}

/** The imperative side: `ref.current.refresh()` reloads the current page. */
export interface DataTableHandle {
  refresh: () => void;
}

export interface DataTableProps<Row> {
  title: string;
  description?: ReactNode;
  /** The list's GET path below the admin prefix, e.g. `/data/admin-users`. Deletes go to `{endpoint}/{id}`. */
  endpoint: string;
  /** Where the rows are in `data`; by default whichever of entries, requests, contacts, logs is there. */
  dataKey?: string;
  /** Checks every row of the answer: the list's row schema from `@tunnelscope/contracts`. */
  rowSchema: ZodType<Row>;
  columns: DataTableColumn<Row>[];
  /** A row's identity, for React keys and for deletion. Default `'id'`. */
  rowKey?: (keyof Row & string) | ((row: Row) => string | number);
  /** Default 'Search...'. */
  searchPlaceholder?: string;
  filters?: DataTableFilter[];
  /** The sort column shown as active at first; without it the server's default applies. */
  defaultSort?: string;
  /** Default 'desc'. */
  defaultOrder?: SortOrder;
  /** One of 10, 25, 50, 100; default 25. */
  defaultPageSize?: number;
  /** Extra toolbar content, e.g. an 'Add Admin User' button. */
  toolbarExtra?: ReactNode;
  /** Any change of this value reloads the current page. */
  refreshKey?: unknown;
  ref?: Ref<DataTableHandle>;
  /** Default 'No data found'. */
  emptyMessage?: string;

  // ---- deletion ----
  /** Adds a trailing 'Actions' column with a delete button per row. */
  deleteEnabled?: boolean;
  /** False when the operator may not delete (view_only). Default true. */
  canDelete?: boolean;
  /** What a denied delete button does: 'disable' (default, with a 'View only' tooltip) or 'hide'. */
  deleteDenied?: 'disable' | 'hide';
  /** Tooltip of a denied delete button. Default 'View only'. */
  deleteDeniedReason?: string;
  /**
   * Per row, when the operator may delete in general (`canDelete`): `true` allows, a string
   * disables that row's button with the string as its tooltip, `false` disables it with
   * `deleteDeniedReason`. E.g. admin audit rows of the Logs table. Default: every row allows.
   */
  canDeleteRow?: (row: Row) => boolean | string;
  /** Deletes a row; default `DELETE {endpoint}/{id}`. Throw to report a failure. */
  onDelete?: (row: Row) => Promise<unknown>;
  /** After a successful delete (the list is already reloading), e.g. a success toast. */
  onDeleted?: (row: Row) => void;
  /** Default 'Delete Entry'. */
  deleteConfirmTitle?: string;
  /** Default 'Are you sure you want to delete this entry? This action cannot be undone.' */
  deleteConfirmMessage?: ReactNode | ((row: Row) => ReactNode);
  /** Default 'Delete'. */
  deleteConfirmLabel?: string;
  /** Title of the failure toast (e.g. 'Delete Failed'); none by default. */
  deleteErrorTitle?: string;
  /** Text of the failure toast; default 'Failed to delete entry: {error or Unknown error}' / 'Failed to delete entry'. */
  deleteErrorMessage?: (error: unknown) => string;
}
