/**
 * The Logs tab: admin audit rows and visitors' form and code attempts in one list; search on e-mail
 * and IP address, the action, result, type and date filters (kept in the address under `l.`),
 * a formatted view of each row's details, delete. Admin audit rows are kept: their delete button is
 * disabled with the reason (the server refuses them with a 403 as well). Visitor rows can be
 * selected, deleted in bulk and exported (issue 16).
 */
import { ADMIN_API, logRowSchema, type LogRow } from '@tunnelscope/contracts';
import { useMemo } from 'react';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { DataTable } from '../../components/data-table/index.js';
import { LOG_COLUMNS } from './log-columns.js';
import {
  ADMIN_LOG_KEPT,
  LOG_ACTION_FILTER,
  LOG_DATE_FILTER,
  LOG_RESULT_FILTER,
  LOG_TYPE_FILTER,
} from './log-labels.js';
import { logSelection } from './log-selection.js';

export const LOGS_PATH = ADMIN_API.logs.path;

const canDeleteLog = (row: LogRow): true | string => (row.type === 'admin' ? ADMIN_LOG_KEPT : true);

export function LogsTab() {
  const isAdmin = useCurrentUser().role === 'admin';
  const selection = useMemo(() => logSelection(), []);
  return (
    <DataTable<LogRow>
      title="Logs"
      description="Admin sign-ins, sign-outs and session actions, and visitors' form and code attempts."
      endpoint={LOGS_PATH}
      dataKey="logs"
      rowSchema={logRowSchema}
      columns={LOG_COLUMNS}
      rowKey="id"
      searchPlaceholder="Search by email or IP address..."
      urlKey="l"
      filters={[LOG_ACTION_FILTER, LOG_RESULT_FILTER, LOG_TYPE_FILTER, LOG_DATE_FILTER]}
      defaultSort="createdAt"
      deleteEnabled
      canDelete={isAdmin}
      canDeleteRow={canDeleteLog}
      // Visitor rows only; a view_only operator (canDelete false) sees no selection.
      selection={selection}
    />
  );
}
