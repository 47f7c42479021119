/**
 * The Logs tab's selection (issue 16): visitor rows only (admin rows are kept audit rows), delete
 * in one request, "select all N matching" (visitor rows) and export of the selection.
 */
import {
  ADMIN_API,
  bulkActionResponseSchema,
  logMatchingIdsResponseSchema,
  logRowsResponseSchema,
  type LogRow,
  type MatchingIds,
} from '@tunnelscope/contracts';
import { Stack, Text } from '@mantine/core';
import { adminCall } from '../../api/client.js';
import { listQuery, type ListParams } from '../../api/list.js';
import { bulkConfirmText } from '../../api/records.js';
import type { DataTableSelection } from '../../components/data-table/index.js';

const LOGS = ADMIN_API.logs.path;

/** Only visitor rows can be selected: admin rows are audit rows that are never deleted. */
export const canSelectLog = (row: LogRow): boolean => row.type === 'visitor';

export async function fetchMatchingLogIds(params: ListParams): Promise<MatchingIds> {
  const { page: _page, limit: _limit, ...query } = listQuery(params);
  const answer = await adminCall(`${LOGS}/ids`, logMatchingIdsResponseSchema, { query });
  return answer.data;
}

export async function fetchSelectedLogs(ids: string[]): Promise<LogRow[]> {
  const answer = await adminCall(`${LOGS}/rows`, logRowsResponseSchema, { method: 'POST', body: { ids } });
  return answer.data.rows;
}

export function logSelection(): DataTableSelection<LogRow> {
  return {
    canSelectRow: canSelectLog,
    matchingIds: fetchMatchingLogIds,
    exportRows: fetchSelectedLogs,
    actions: [
      {
        id: 'delete',
        label: 'Delete',
        color: 'red',
        confirmTitle: 'Delete selected log rows',
        confirmMessage: (count) => (
          <Stack gap={4}>
            <Text size="sm">
              Delete {count.toLocaleString('en-US')} visitor log {count === 1 ? 'row' : 'rows'}? This cannot
              be undone.
            </Text>
            <Text size="sm" fw={600}>
              {bulkConfirmText(count)}
            </Text>
          </Stack>
        ),
        run: async (ids) =>
          (
            await adminCall(`${LOGS}/bulk`, bulkActionResponseSchema, {
              method: 'POST',
              body: { ids, action: 'delete' },
            })
          ).data,
      },
    ],
  };
}
