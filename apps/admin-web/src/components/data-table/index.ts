export {
  DataTable,
  DEFAULT_DELETE_CONFIRM_MESSAGE,
  EMPTY_TABLE_MESSAGE,
  SEARCH_DEBOUNCE_MS,
  VIEW_ONLY_REASON,
} from './DataTable.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export { RowAction, type RowActionProps } from './RowAction.js';
export { formatDateTime, formatValue } from './format.js';
export { reviewBulkActions, reviewListSelection, rowsText } from './bulk-actions.js';
export type {
  BulkResult,
  DataTableAnyFilter,
  DataTableBulkAction,
  DataTableDateRangeFilter,
  DataTableSelection,
  MatchingIds,
  OpenRowOptions,
  DataTableColumn,
  DataTableContext,
  DataTableFilter,
  DataTableFilterOption,
  DataTableHandle,
  DataTableProps,
} from './types.js';
