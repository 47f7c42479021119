/**
 * The reusable data table: title, description, search, filter dropdowns and date ranges, page
 * sizes, sortable columns, pager, Export CSV, Refresh, an optional delete column with
 * confirmation and 'No data found'; optionally row selection with a bulk bar, and the keyboard
 * review keys (j/k, Enter, 1/2/3, n, /, ?). Paging, search, filtering and sorting all happen on
 * the server; the operator's choices live in the address (url-state.ts), so a reload, Back and a
 * shared link show the same view. Every list of the panel is this component with its own columns
 * and filters.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronUp,
  IconDownload,
  IconRefresh,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CSV_EXPORT_LIMIT,
  DEFAULT_SORT_ORDER,
  DEFAULT_TABLE_PAGE_SIZE,
  TABLE_PAGE_SIZES,
} from '@tunnelscope/contracts';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { messageOf } from '../../api/client.js';
import {
  ALL_FILTER_VALUE,
  deleteErrorText,
  deleteListRow,
  fetchList,
  listKeys,
  useList,
  type ListParams,
} from '../../api/list.js';
import { ShortcutsDialog } from '../shortcuts/ShortcutsDialog.js';
import { BulkBar } from './BulkBar.js';
import { rowsText } from './bulk-actions.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { buildCsv, csvFileName, type CsvColumn } from './csv.js';
import { downloadTextFile } from './download.js';
import { formatValue } from './format.js';
import { formatCount, formatTotal, pageWindow, shownRange } from './pager.js';
import { notifyError, notifyInfo, notifySuccess } from '../notify.js';
import { RowAction } from './RowAction.js';
import { reviewKeyAction } from './review-keys.js';
import { ariaSort, nextSort } from './sort.js';
import type {
  DataTableAnyFilter,
  DataTableBulkAction,
  DataTableColumn,
  DataTableContext,
  DataTableDateRangeFilter,
  DataTableFilter,
  DataTableProps,
} from './types.js';
import { dateFromKey, dateToKey, serverFilters, type TableViewConfig } from './url-state.js';
import { useViewState } from './use-view-state.js';

/** How long the search box waits for the operator to stop typing. */
export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_DELETE_CONFIRM_MESSAGE =
  'Are you sure you want to delete this entry? This action cannot be undone.';
export const EMPTY_TABLE_MESSAGE = 'No data found';
export const VIEW_ONLY_REASON = 'View only';

const isDateRange = (filter: DataTableAnyFilter): filter is DataTableDateRangeFilter =>
  filter.kind === 'dateRange';
const isSelect = (filter: DataTableAnyFilter): filter is DataTableFilter => filter.kind !== 'dateRange';

/** The CSV columns of the table's columns: each column's export value, then its `csvAfter` columns. */
export function csvColumnsOf<Row>(columns: readonly DataTableColumn<Row>[]): CsvColumn<Row>[] {
  return columns.flatMap((column) => {
    if (column.csv === false) return [];
    const read = column.csv ?? ((row: Row) => fieldOf(row, column.key));
    return [{ label: column.label, value: read }, ...(column.csvAfter ?? [])];
  });
}

/** A click on a row's own controls (a button, link, field, checkbox) does not open the row. */
const ROW_CONTROLS =
  'button, a, input, select, textarea, label, [role="button"], [role="checkbox"], [role="dialog"]';

function fieldOf<Row>(row: Row, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <IconChevronUp size={14} aria-hidden />;
  if (state === 'descending') return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} aria-hidden opacity={0.5} />;
}

export function DataTable<Row>({
  ref,
  title,
  description,
  endpoint,
  dataKey,
  rowSchema,
  columns,
  rowKey,
  searchPlaceholder = 'Search...',
  filters = [],
  defaultSort,
  defaultOrder = DEFAULT_SORT_ORDER,
  defaultPageSize = DEFAULT_TABLE_PAGE_SIZE,
  toolbarExtra,
  refreshKey,
  emptyMessage = EMPTY_TABLE_MESSAGE,
  urlKey,
  banner,
  selection,
  onOpenRow,
  onQuickStatus,
  keyboardShortcuts = true,
  deleteEnabled = false,
  canDelete = true,
  deleteDenied = 'disable',
  deleteDeniedReason = VIEW_ONLY_REASON,
  canDeleteRow,
  onDelete,
  onDeleted,
  deleteConfirmTitle = 'Delete Entry',
  deleteConfirmMessage = DEFAULT_DELETE_CONFIRM_MESSAGE,
  deleteConfirmLabel = 'Delete',
  deleteErrorTitle,
  deleteErrorMessage = deleteErrorText,
}: DataTableProps<Row>) {
  const queryClient = useQueryClient();
  const selectFilters = filters.filter(isSelect);
  const dateRanges = filters.filter(isDateRange);
  const viewConfig: TableViewConfig = {
    defaultPageSize,
    defaultSort,
    defaultOrder,
    sortKeys: [
      ...columns.filter((column) => column.sortable).map((column) => column.sortKey ?? column.key),
      ...(defaultSort === undefined ? [] : [defaultSort]),
    ],
    selects: selectFilters.map((filter) => ({
      key: filter.key,
      values: filter.options.map((option) => option.value),
      default: filter.default ?? ALL_FILTER_VALUE,
    })),
    dateRanges: dateRanges.map((range) => range.key),
  };
  const [view, updateView] = useViewState(urlKey, viewConfig);
  const { page, limit, search } = view;
  const sortState = { sort: view.sort, order: view.order };

  // The box shows what the operator types; the address gets it once typing pauses. A search
  // changed from outside (Back, a shared link) shows in the box.
  const [searchInput, setSearchInput] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (searchInput.trim() !== search) setSearchInput(search);
  }
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  // The row stays after the dialog closes, so its text does not vanish while it fades out.
  const [pendingDelete, setPendingDelete] = useState<{ row: Row; open: boolean } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const params: ListParams = {
    page,
    limit,
    search,
    filters: serverFilters(
      view,
      dateRanges.map((range) => ({
        key: range.key,
        fromParam: range.fromParam ?? 'from',
        toParam: range.toParam ?? 'to',
      })),
    ),
    sort: sortState.sort,
    order: sortState.order,
  };
  const query = useList<Row>(endpoint, params, { dataKey, rowSchema });
  const pagination = query.data?.pagination;
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);

  const applySearch = useDebouncedCallback((value: string) => {
    updateView({ search: value.trim(), page: 1 }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  // Joins a reload already under way (e.g. one started by a mutation hook) instead of repeating it.
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) }, { cancelRefetch: false });
  }, [queryClient, endpoint]);
  useImperativeHandle(ref, () => ({ refresh }), [refresh]);

  // A change of refreshKey reloads; the first value does not (the page is loading anyway).
  const lastRefreshKey = useRef(refreshKey);
  useEffect(() => {
    if (Object.is(lastRefreshKey.current, refreshKey)) return;
    lastRefreshKey.current = refreshKey;
    refresh();
  }, [refreshKey, refresh]);

  // After deleting the last row of the last page (or a link to a page past the end), show the
  // last page rather than an empty one; the address is corrected in place.
  const serverPages = query.isPlaceholderData ? undefined : pagination?.pages;
  useEffect(() => {
    if (serverPages !== undefined && serverPages > 0 && page > serverPages)
      updateView({ page: serverPages }, { replace: true });
  }, [serverPages, page, updateView]);

  const rowId = (row: Row): string | number =>
    typeof rowKey === 'function' ? rowKey(row) : (fieldOf(row, rowKey ?? 'id') as string | number);

  // ---- selection: shown only to an operator who may change rows (view_only has canDelete false) ----
  const selectable = selection !== undefined && canDelete;
  // The selection belongs to one query; a new search, filter, sort or page size starts afresh.
  const selectionScope = JSON.stringify([search, params.filters, sortState, limit]);
  const [selected, setSelected] = useState<{ scope: string; ids: ReadonlySet<string> }>({
    scope: selectionScope,
    ids: new Set(),
  });
  const selectedIds = selected.scope === selectionScope ? selected.ids : new Set<string>();
  const setSelectedIds = (ids: ReadonlySet<string>) => setSelected({ scope: selectionScope, ids });
  const rowSelectable = (row: Row) => selection?.canSelectRow?.(row) ?? true;
  const pageIds = rows.filter(rowSelectable).map((row) => String(rowId(row)));
  const pageSelectedCount = pageIds.filter((id) => selectedIds.has(id)).length;
  const allOnPageSelected = pageIds.length > 0 && pageSelectedCount === pageIds.length;
  const [selectingMatching, setSelectingMatching] = useState(false);
  const [pendingBulk, setPendingBulk] = useState<{ action: DataTableBulkAction; open: boolean } | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);
  const [exportingSelection, setExportingSelection] = useState(false);

  const matchingCap = pagination ? Math.min(pagination.total, CSV_EXPORT_LIMIT) : 0;
  const offerMatching =
    selectable &&
    selection.matchingIds !== undefined &&
    allOnPageSelected &&
    pagination !== undefined &&
    pagination.total > pageIds.length &&
    selectedIds.size < matchingCap;
  const selectMatchingLabel = !offerMatching
    ? undefined
    : pagination.totalIsLowerBound
      ? `Select all matching (up to ${formatCount(CSV_EXPORT_LIMIT)})`
      : `Select all ${formatCount(matchingCap)} matching`;

  function togglePage(checked: boolean) {
    const next = new Set(selectedIds);
    for (const id of pageIds) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelectedIds(next);
  }

  function toggleRow(id: string, checked: boolean) {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    setSelectedIds(next);
  }

  async function selectAllMatching() {
    if (!selection?.matchingIds) return;
    const scope = selectionScope;
    setSelectingMatching(true);
    try {
      const matching = await selection.matchingIds(params);
      setSelected({ scope, ids: new Set(matching.ids) });
      if (matching.capped)
        notifyInfo(
          `Selected the first ${formatCount(matching.ids.length)} of ${formatCount(matching.total)} matching rows.`,
        );
    } catch (error) {
      notifyError('Selection Failed', messageOf(error, 'Failed to select the matching rows'));
    } finally {
      setSelectingMatching(false);
    }
  }

  async function confirmBulk() {
    if (!pendingBulk?.open) return;
    const { action } = pendingBulk;
    const ids = [...selectedIds];
    setBulkRunning(true);
    try {
      const result = await action.run(ids);
      setPendingBulk({ action, open: false });
      setSelectedIds(new Set());
      refresh();
      notifySuccess(
        undefined,
        result ? `${rowsText(result.changed)} changed` : `${action.label}: ${rowsText(ids.length)}`,
      );
      selection?.onDone?.(action.id, result);
    } catch (error) {
      setPendingBulk({ action, open: false });
      notifyError(`${action.label} Failed`, messageOf(error, 'The bulk action failed'));
    } finally {
      setBulkRunning(false);
    }
  }

  async function exportSelection() {
    if (!selection?.exportRows) return;
    setExportingSelection(true);
    try {
      const chosen = await selection.exportRows([...selectedIds]);
      downloadTextFile(csvFileName(title, new Date()), buildCsv(csvColumnsOf(columns), chosen));
    } catch (error) {
      notifyError('Export Failed', messageOf(error, 'Failed to export data'));
    } finally {
      setExportingSelection(false);
    }
  }

  /** Why `row` may not be deleted, or undefined when it may. */
  const deleteDeniedFor = (row: Row): string | undefined => {
    if (!canDelete) return deleteDeniedReason;
    const verdict = canDeleteRow ? canDeleteRow(row) : true;
    if (verdict === true) return undefined;
    return verdict === false ? deleteDeniedReason : verdict;
  };

  const context: DataTableContext<Row> = {
    refresh,
    requestDelete: (row) => {
      if (deleteDeniedFor(row) === undefined) setPendingDelete({ row, open: true });
    },
    canDelete,
  };

  async function confirmDelete() {
    if (!pendingDelete?.open) return;
    const { row } = pendingDelete;
    setDeleting(true);
    try {
      await (onDelete ? onDelete(row) : deleteListRow(endpoint, rowId(row)));
      setPendingDelete({ row, open: false });
      refresh();
      onDeleted?.(row);
    } catch (error) {
      setPendingDelete({ row, open: false });
      notifyError(deleteErrorTitle, deleteErrorMessage(error));
    } finally {
      setDeleting(false);
    }
  }

  async function exportCsv() {
    // What the search box shows, even if the operator clicked within the debounce delay.
    applySearch.cancel();
    const typed = searchInput.trim();
    if (typed !== search) updateView({ search: typed, page: 1 }, { replace: true });
    setExporting(true);
    try {
      const { rows: all, pagination: exported } = await fetchList<Row>(
        endpoint,
        { ...params, search: typed, page: 1, limit: CSV_EXPORT_LIMIT },
        { dataKey, rowSchema },
      );
      downloadTextFile(csvFileName(title, new Date()), buildCsv(csvColumnsOf(columns), all));
      // A lower-bound total (a broad search) says nothing about how many were left out, but a
      // full export of one says some were.
      if (exported.totalIsLowerBound ? all.length >= CSV_EXPORT_LIMIT : exported.total > all.length) {
        notifyInfo(
          exported.totalIsLowerBound
            ? `Exported the first ${all.length} matching rows; narrow the search to export the rest.`
            : `Exported the first ${all.length} of ${formatTotal(exported.total, false)} rows; narrow the search to export the rest.`,
        );
      }
    } catch (error) {
      notifyError('Export Failed', messageOf(error, 'Failed to export data'));
    } finally {
      setExporting(false);
    }
  }

  // ---- keyboard review: a roving focus over the rows of this page ----
  const focusedIndex = focusedId === null ? -1 : pageIds.indexOf(focusedId);
  const focusRow = (index: number) => {
    const id = pageIds[index];
    if (id === undefined) return;
    setFocusedId(id);
    tableRef.current?.querySelectorAll<HTMLElement>('tr[data-testid="data-row"]')[index]?.focus();
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const action = reviewKeyAction(event);
    if (!action) return;
    const row = focusedIndex >= 0 ? rows[focusedIndex] : undefined;
    switch (action.kind) {
      case 'next':
        focusRow(focusedIndex < 0 ? 0 : Math.min(focusedIndex + 1, rows.length - 1));
        break;
      case 'previous':
        focusRow(focusedIndex < 0 ? 0 : Math.max(focusedIndex - 1, 0));
        break;
      case 'open': {
        // Enter on a button or link inside the row is that control's own.
        const active = document.activeElement;
        if (!row || !onOpenRow || (active && active !== document.body && active.closest(ROW_CONTROLS)))
          return;
        onOpenRow(row);
        break;
      }
      case 'notes':
        if (!row || !onOpenRow) return;
        onOpenRow(row, { focusNotes: true });
        break;
      case 'status':
        if (!row || !onQuickStatus || !canDelete) return;
        onQuickStatus(row, action.status);
        break;
      case 'search':
        searchRef.current?.focus();
        break;
      case 'help':
        setHelpOpen(true);
        break;
    }
    event.preventDefault();
  });
  useEffect(() => {
    if (!keyboardShortcuts) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [keyboardShortcuts]);

  function openFromClick(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    if (!onOpenRow) return;
    if (event.target instanceof Element && event.target.closest(ROW_CONTROLS)) return;
    onOpenRow(row);
  }

  const showDeleteColumn = deleteEnabled && (canDelete || deleteDenied === 'disable');
  const columnCount = columns.length + (showDeleteColumn ? 1 : 0) + (selectable ? 1 : 0);
  const loadError =
    query.error === null
      ? undefined
      : messageOf(query.error, query.error instanceof Error ? query.error.message : 'Failed to load data');

  const header = (column: DataTableColumn<Row>) => {
    const sortKey = column.sortKey ?? column.key;
    const state = column.sortable ? ariaSort(sortState, sortKey) : undefined;
    return (
      <Table.Th key={column.key} aria-sort={state} style={{ width: column.width, textAlign: column.align }}>
        {column.sortable ? (
          <UnstyledButton
            onClick={() =>
              updateView((current) => nextSort({ sort: current.sort, order: current.order }, sortKey))
            }
            fw={600}
            fz="sm"
          >
            <Group gap={4} wrap="nowrap">
              <span>{column.label}</span>
              <SortIcon state={state ?? 'none'} />
            </Group>
          </UnstyledButton>
        ) : (
          column.label
        )}
      </Table.Th>
    );
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Loading...
          </Text>
        </Group>
      </Center>
    );
  } else if (!query.data) {
    body = null;
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table
          ref={tableRef}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={title}
          aria-busy={query.isFetching}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th style={{ width: 40 }}>
                  <Checkbox
                    aria-label="Select all on this page"
                    checked={allOnPageSelected}
                    indeterminate={pageSelectedCount > 0 && !allOnPageSelected}
                    disabled={pageIds.length === 0}
                    onChange={(event) => togglePage(event.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map(header)}
              {showDeleteColumn && <Table.Th style={{ width: 80 }}>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text ta="center" c="dimmed" py="lg">
                    {emptyMessage}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => {
                const id = String(rowId(row));
                const focused = index === focusedIndex;
                return (
                  <Table.Tr
                    key={id}
                    data-testid="data-row"
                    aria-selected={focused}
                    // Roving focus: the focused row (else the first) is the one Tab reaches.
                    tabIndex={focused || (focusedIndex < 0 && index === 0) ? 0 : -1}
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setFocusedId(id);
                    }}
                    onClick={(event) => openFromClick(event, row)}
                    style={{
                      cursor: onOpenRow ? 'pointer' : undefined,
                      outline: focused ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                      outlineOffset: -2,
                    }}
                  >
                    {selectable && (
                      <Table.Td>
                        {rowSelectable(row) && (
                          <Checkbox
                            aria-label="Select row"
                            checked={selectedIds.has(id)}
                            onChange={(event) => toggleRow(id, event.currentTarget.checked)}
                          />
                        )}
                      </Table.Td>
                    )}
                    {columns.map((column) => (
                      <Table.Td key={column.key} style={{ textAlign: column.align }}>
                        {column.render ? column.render(row, context) : formatValue(fieldOf(row, column.key))}
                      </Table.Td>
                    ))}
                    {showDeleteColumn && (
                      <Table.Td>
                        <RowAction
                          label="Delete"
                          color="red"
                          icon={<IconTrash size={16} />}
                          disabledReason={deleteDeniedFor(row)}
                          onClick={() => setPendingDelete({ row, open: true })}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const pages = pagination?.pages ?? 0;
  const range = pagination ? shownRange(pagination.page, pagination.limit, pagination.total) : undefined;
  const goToPage = (next: number) => updateView({ page: next });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={3}>{title}</Title>
            {description !== undefined && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {toolbarExtra}
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
              Refresh
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void exportCsv()}
              loading={exporting}
            >
              Export CSV
            </Button>
          </Group>
        </Group>

        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={searchRef}
            aria-label="Search"
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            style={{ flex: '1 1 240px' }}
          />
          {filters.map((filter) =>
            isDateRange(filter) ? (
              <Group key={filter.key} gap="xs" align="flex-end" wrap="nowrap">
                {(
                  [
                    ['from', dateFromKey(filter.key)],
                    ['to', dateToKey(filter.key)],
                  ] as const
                ).map(([end, bound]) => (
                  <TextInput
                    key={bound}
                    type="date"
                    label={`${filter.label} ${end}`}
                    value={view.filters[bound] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      updateView((current) => ({ filters: { ...current.filters, [bound]: value }, page: 1 }));
                    }}
                  />
                ))}
              </Group>
            ) : (
              <NativeSelect
                key={filter.key}
                label={filter.label}
                data={filter.options}
                value={view.filters[filter.key] ?? ALL_FILTER_VALUE}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  updateView((current) => ({
                    filters: { ...current.filters, [filter.key]: value },
                    page: 1,
                  }));
                }}
              />
            ),
          )}
          <NativeSelect
            label="Rows per page"
            data={TABLE_PAGE_SIZES.map(String)}
            value={String(limit)}
            onChange={(event) => updateView({ limit: Number(event.currentTarget.value), page: 1 })}
          />
        </Group>

        {banner}

        {selectable && selectedIds.size > 0 && (
          <BulkBar
            count={selectedIds.size}
            actions={selection.actions}
            onAction={(action) => setPendingBulk({ action, open: true })}
            selectMatchingLabel={selectMatchingLabel}
            selectingMatching={selectingMatching}
            onSelectMatching={() => void selectAllMatching()}
            onExport={selection.exportRows ? () => void exportSelection() : undefined}
            exporting={exportingSelection}
            onClear={() => setSelectedIds(new Set())}
          />
        )}

        {loadError !== undefined && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} title="Failed to load data">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{loadError}</Text>
              <Button size="xs" color="red" variant="light" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}

        {body}

        {pagination && range && pagination.total > 0 && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {`Showing ${formatCount(range.from)}–${formatCount(range.to)} of ${formatTotal(pagination.total, pagination.totalIsLowerBound)}`}
            </Text>
            <Group gap={4} component="nav" aria-label="Pagination">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous page"
                disabled={page <= 1}
                onClick={() => goToPage(Math.max(1, page - 1))}
              >
                <IconChevronLeft size={16} />
              </ActionIcon>
              {pageWindow(page, pages).map((n) => (
                <Button
                  key={n}
                  size="compact-md"
                  h={34}
                  miw={34}
                  variant={n === page ? 'filled' : 'default'}
                  aria-current={n === page ? 'page' : undefined}
                  onClick={() => goToPage(n)}
                >
                  {n}
                </Button>
              ))}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next page"
                disabled={page >= pages}
                onClick={() => goToPage(Math.min(pages, page + 1))}
              >
                <IconChevronRight size={16} />
              </ActionIcon>
            </Group>
          </Group>
        )}
      </Stack>

      <ConfirmDialog
        opened={pendingDelete?.open ?? false}
        title={deleteConfirmTitle}
        message={
          typeof deleteConfirmMessage === 'function'
            ? pendingDelete && deleteConfirmMessage(pendingDelete.row)
            : deleteConfirmMessage
        }
        confirmLabel={deleteConfirmLabel}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete((current) => current && { ...current, open: false })}
      />
      <ConfirmDialog
        opened={pendingBulk?.open ?? false}
        title={pendingBulk?.action.confirmTitle ?? pendingBulk?.action.label ?? ''}
        message={
          pendingBulk?.action.confirmMessage
            ? pendingBulk.action.confirmMessage(selectedIds.size)
            : `${pendingBulk?.action.label ?? ''}: ${rowsText(selectedIds.size)} will change.`
        }
        confirmLabel={pendingBulk?.action.confirmLabel ?? pendingBulk?.action.label}
        confirmColor={pendingBulk?.action.color ?? 'red'}
        loading={bulkRunning}
        onConfirm={() => void confirmBulk()}
        onCancel={() => setPendingBulk((current) => current && { ...current, open: false })}
      />
      <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Paper>
  );
}
