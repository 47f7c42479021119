import { DEFAULT_SORT_ORDER, type SortOrder } from '@tunnelscope/contracts';

export interface SortState {
  /** The server's sort column; undefined leaves the server's default. */
  sort?: string;
  order: SortOrder;
}

/**
 * Clicking the active sort column flips asc/desc; a newly chosen column starts at desc.
 */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: DEFAULT_SORT_ORDER };
}

/** The th's aria-sort: the active column says its direction, other sortable columns say none. */
export function ariaSort(current: SortState, column: string): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}
