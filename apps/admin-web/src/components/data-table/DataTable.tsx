/**
 * The reusable data table: title, description, search, filter dropdowns, page sizes, sortable
 * columns, pager, Export CSV, Refresh, an optional delete column with confirmation and 'No data
 * found'. Paging, search, filtering and sorting all happen on the server; this component only
 * keeps the operator's choices and sends them. Every list of the panel is this component with
 * its own columns and filters.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Center,
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
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
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
import { ConfirmDialog } from './ConfirmDialog.js';
import { buildCsv, csvFileName, type CsvColumn } from './csv.js';
import { downloadTextFile } from './download.js';
import { formatValue } from './format.js';
import { formatCount, formatTotal, pageWindow, shownRange } from './pager.js';
import { notifyError, notifyInfo } from '../notify.js';
import { RowAction } from './RowAction.js';
import { ariaSort, nextSort, type SortState } from './sort.js';
import type { DataTableColumn, DataTableContext, DataTableFilter, DataTableProps } from './types.js';

/** How long the search box waits for the operator to stop typing. */
export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_DELETE_CONFIRM_MESSAGE =
  'Are you sure you want to delete this entry? This action cannot be undone.';
export const EMPTY_TABLE_MESSAGE = 'No data found';
export const VIEW_ONLY_REASON = 'View only';

function initialFilters(filters: readonly DataTableFilter[]): Record<string, string> {
  return Object.fromEntries(filters.map((filter) => [filter.key, filter.default ?? ALL_FILTER_VALUE]));
}

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
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [filterValues, setFilterValues] = useState(() => initialFilters(filters));
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(defaultPageSize);
  const [sortState, setSortState] = useState<SortState>({ sort: defaultSort, order: defaultOrder });
  // The row stays after the dialog closes, so its text does not vanish while it fades out.
  const [pendingDelete, setPendingDelete] = useState<{ row: Row; open: boolean } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const params: ListParams = {
    page,
    limit,
    search,
    filters: filterValues,
    sort: sortState.sort,
    order: sortState.order,
  };
  const query = useList<Row>(endpoint, params, { dataKey, rowSchema });
  const pagination = query.data?.pagination;
  const rows = query.data?.rows ?? [];

  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
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

  // After deleting the last row of the last page, show the new last page rather than an empty one.
  const serverPages = query.isPlaceholderData ? undefined : pagination?.pages;
  useEffect(() => {
    if (serverPages !== undefined && serverPages > 0 && page > serverPages) setPage(serverPages);
  }, [serverPages, page]);

  const rowId = (row: Row): string | number =>
    typeof rowKey === 'function' ? rowKey(row) : (fieldOf(row, rowKey ?? 'id') as string | number);

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
    if (typed !== search) {
      setSearch(typed);
      setPage(1);
    }
    setExporting(true);
    try {
      const { rows: all, pagination: exported } = await fetchList<Row>(
        endpoint,
        { ...params, search: typed, page: 1, limit: CSV_EXPORT_LIMIT },
        { dataKey, rowSchema },
      );
      const csvColumns: CsvColumn<Row>[] = columns.flatMap((column) => {
        if (column.csv === false) return [];
        const read = column.csv ?? ((row: Row) => fieldOf(row, column.key));
        return [{ label: column.label, value: read }];
      });
      downloadTextFile(csvFileName(title, new Date()), buildCsv(csvColumns, all));
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

  const showDeleteColumn = deleteEnabled && (canDelete || deleteDenied === 'disable');
  const columnCount = columns.length + (showDeleteColumn ? 1 : 0);
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
            onClick={() => setSortState((current) => nextSort(current, sortKey))}
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
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={title}
          aria-busy={query.isFetching}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
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
              rows.map((row) => (
                <Table.Tr key={rowId(row)} data-testid="data-row">
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
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const pages = pagination?.pages ?? 0;
  const range = pagination ? shownRange(pagination.page, pagination.limit, pagination.total) : undefined;

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
          {filters.map((filter) => (
            <NativeSelect
              key={filter.key}
              label={filter.label}
              data={filter.options}
              value={filterValues[filter.key] ?? ALL_FILTER_VALUE}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setFilterValues((current) => ({ ...current, [filter.key]: value }));
                setPage(1);
              }}
            />
          ))}
          <NativeSelect
            label="Rows per page"
            data={TABLE_PAGE_SIZES.map(String)}
            value={String(limit)}
            onChange={(event) => {
              setLimit(Number(event.currentTarget.value));
              setPage(1);
            }}
          />
        </Group>

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
                onClick={() => setPage((current) => Math.max(1, current - 1))}
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
                  onClick={() => setPage(n)}
                >
                  {n}
                </Button>
              ))}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next page"
                disabled={page >= pages}
                onClick={() => setPage((current) => Math.min(pages, current + 1))}
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
    </Paper>
  );
}
