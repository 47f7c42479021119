import type { RecordStatus, SortOrder } from '@tunnelscope/contracts';
import type { ListParams } from '../../api/list.js';
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
  /**
   * Further CSV columns right after this one, e.g. the Notes after the Status (the notes are edited
   * inside the status cell, so they have no column of their own on screen).
   */
  csvAfter?: { label: string; value: (row: Row) => unknown }[];
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableFilterOption {
  value: string;
  label: string;
}

/** A filter dropdown; its value is sent as `key=value`, except 'all' which is left out. */
export interface DataTableFilter {
  kind?: 'select';
  /** The query param sent to the server, and (behind the table's `urlKey`) the one in the address. */
  key: string;
  label: string;
  /** Include the 'all' option yourself, e.g. `{ value: 'all', label: 'All roles' }`. */
  options: DataTableFilterOption[];
  /** Default 'all'. */
  default?: string;
}

/**
 * Two day pickers, '{label} from' and '{label} to'. The address holds the days
 * (`<key>.from=2026-11-01&<key>.to=2026-11-26`); the server is sent the start of the first day
 * and the last millisecond of the second day, in the operator's time zone, as ISO instants
 * (`from` and `to` unless `fromParam`/`toParam` say otherwise). Either end may be left open.
 */
export interface DataTableDateRangeFilter {
  kind: 'dateRange';
  key: string;
  label: string;
  /** Default 'from'. */
  fromParam?: string;
  /** Default 'to'. */
  toParam?: string;
}

/** Any filter of the `filters` prop. */
export type DataTableAnyFilter = DataTableFilter | DataTableDateRangeFilter;

/** What a bulk action answers (`POST /data/<list>/bulk`); nothing is fine too. */
export interface BulkResult {
  changed: number;
  unchanged?: number;
}

/** One button of the bulk bar; every one asks for confirmation, naming how many rows it changes. */
export interface DataTableBulkAction {
  /** Stable identity, e.g. 'status:Complete' or 'delete'. */
  id: string;
  /** The button, e.g. 'Set Complete'. */
  label: string;
  color?: string;
  /** The dialog's text for `count` rows; default "{label} for {count} selected rows?". */
  confirmMessage?: (count: number) => ReactNode;
  /** Default: the label. */
  confirmTitle?: string;
  /** Default: the label. */
  confirmLabel?: string;
  /** Runs the action on `ids` (one request); throw to report a failure. */
  run: (ids: string[]) => Promise<BulkResult | void>;
}

/** "Select all N matching": every id of the current search, filters and sort (at most CSV_EXPORT_LIMIT). */
export interface MatchingIds {
  ids: string[];
  total: number;
  /** True when more rows matched than `ids` holds. */
  capped: boolean;
}

/**
 * Row checkboxes, "select all on this page", "Select all N matching" and a bulk bar with the
 * count and the page's actions, plus "Export selection" as CSV. Shown only when `canDelete` is
 * true (the pages pass `canDelete={role === 'admin'}`: a view_only operator sees no selection).
 * The selection survives paging and clears when search, filters, sort or page size change.
 */
export interface DataTableSelection<Row> {
  /** The bulk bar's action buttons, e.g. set status Waiting/Pending/Complete, delete. */
  actions: DataTableBulkAction[];
  /** The ids of every row matching `params` (page and limit ignored); without it there is no "Select all N matching". */
  matchingIds?: (params: ListParams) => Promise<MatchingIds>;
  /** The rows of `ids`, for "Export selection" (the table's own CSV columns); without it there is no such button. */
  exportRows?: (ids: string[]) => Promise<Row[]>;
  /** After an action succeeded (the table already reloads), e.g. forget cached counts. */
  onDone?: (actionId: string, result: BulkResult | void) => void;
  /** Whether a row can be selected (default every row); Logs' admin audit rows cannot. */
  canSelectRow?: (row: Row) => boolean;
}

/** Options of `onOpenRow`: `focusNotes` when the operator pressed `n`. */
export interface OpenRowOptions {
  focusNotes?: boolean;
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
  /** Dropdowns and date ranges, in the order shown. */
  filters?: DataTableAnyFilter[];
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
  /**
   * The prefix of this table's params in the address (`w` → `?w.page=2&w.q=ada&w.sort=email`).
   * Tables on one page need distinct keys; without one the params are unprefixed.
   */
  urlKey?: string;
  /** Above the rows, e.g. the live "3 new sign-ups — show" banner. */
  banner?: ReactNode;

  // ---- selection and bulk actions ----
  selection?: DataTableSelection<Row>;

  // ---- keyboard review ----
  /**
   * Enter (or a click on the row outside its controls) on a row: e.g. open its detail drawer.
   * `n` calls it with `{ focusNotes: true }`.
   */
  onOpenRow?: (row: Row, options?: OpenRowOptions) => void;
  /** Keys 1, 2, 3 on the focused row: Waiting, Pending, Complete. */
  onQuickStatus?: (row: Row, status: RecordStatus) => void;
  /**
   * j/k, Enter, 1/2/3, n, / and ? on this table. Default true; a page with two tables turns it
   * off on all but one.
   */
  keyboardShortcuts?: boolean;

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
