import { Badge, Group, Text } from '@mantine/core';
import type { LogRow } from '@tunnelscope/contracts';
import { formatDateTime, formatValue, type DataTableColumn } from '../../components/data-table/index.js';
import { LogDetailsCell } from './LogDetailsCell.js';
import { actionLabel, logDetails } from './log-labels.js';

export { DETAILS_PREVIEW_LENGTH } from './LogDetailsCell.js';

/** The Logs table: user/email, action, result, IP address, details, timestamp. */
export const LOG_COLUMNS: DataTableColumn<LogRow>[] = [
  {
    key: 'email',
    label: 'User / Email',
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatValue(row.email)}</Text>
        {row.type === 'admin' && (
          <Badge size="xs" color="blue" variant="light">
            Admin
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'action',
    label: 'Action',
    render: (row) => (
      <Text size="sm" title={row.action}>
        {actionLabel(row.action)}
      </Text>
    ),
    csv: (row) => actionLabel(row.action),
  },
  {
    key: 'success',
    label: 'Result',
    render: (row) => (
      <Badge color={row.success ? 'green' : 'red'} variant="light" miw="fit-content">
        {row.success ? 'Success' : 'Failed'}
      </Badge>
    ),
    csv: (row) => (row.success ? 'Success' : 'Failed'),
  },
  { key: 'ipAddress', label: 'IP Address' },
  {
    key: 'details',
    label: 'Details',
    width: 280,
    render: (row) => <LogDetailsCell row={row} />,
    csv: logDetails,
  },
  {
    key: 'createdAt',
    label: 'Timestamp',
    sortable: true,
    render: (row) => formatDateTime(row.createdAt),
  },
];
