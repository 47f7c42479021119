import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconChartBar, IconRefresh } from '@tabler/icons-react';
import type { ApiKeyView } from '@tunnelscope/contracts';
import {
  formatDateTime,
  RowAction,
  type DataTableColumn,
  type DataTableFilter,
} from '../../components/data-table/index.js';
import { apiKeyStatus } from './api-key-status.js';

const STATUS_COLORS = { active: 'green', rotating: 'yellow', revoked: 'red' } as const;
const STATUS_WORDS = { active: 'Active', rotating: 'Rotating', revoked: 'Revoked' } as const;

export const API_KEY_FILTERS: DataTableFilter[] = [
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All statuses' },
      { value: 'active', label: 'Active' },
      { value: 'revoked', label: 'Revoked' },
    ],
  },
];

export interface ApiKeyActions {
  /** False for view_only: no rotate or revoke buttons at all. */
  canWrite: boolean;
  onUsage: (key: ApiKeyView) => void;
  onRotate: (key: ApiKeyView) => void;
  onRevoke: (key: ApiKeyView) => void;
}

const number = (value: number) => value.toLocaleString('en-US');

/**
 * The API Keys table: name, owner, prefix, quota, burst, export, created, last used, status and
 * the row's actions (usage for everyone; rotate and revoke for admins, on keys not revoked).
 */
export function apiKeyColumns({
  canWrite,
  onUsage,
  onRotate,
  onRevoke,
}: ApiKeyActions): DataTableColumn<ApiKeyView>[] {
  return [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'ownerEmail', label: 'Owner', sortable: true },
    {
      key: 'prefix',
      label: 'Prefix',
      render: (key) => <Code>{key.prefix}…</Code>,
    },
    {
      key: 'dailyQuota',
      label: 'Daily Quota',
      sortable: true,
      align: 'right',
      render: (key) => number(key.dailyQuota),
    },
    {
      key: 'burstPerSecond',
      label: 'Burst / s',
      align: 'right',
      render: (key) => number(key.burstPerSecond),
    },
    {
      key: 'allowExport',
      label: 'Export',
      render: (key) => (
        <Badge color={key.allowExport ? 'teal' : 'gray'} variant="light">
          {key.allowExport ? 'Allowed' : 'No'}
        </Badge>
      ),
      csv: (key) => key.allowExport,
    },
    {
      key: 'createdAt',
      label: 'Created At',
      sortable: true,
      render: (key) => formatDateTime(key.createdAt),
    },
    {
      key: 'lastUsedAt',
      label: 'Last Used',
      sortable: true,
      render: (key) => formatDateTime(key.lastUsedAt, 'Never'),
    },
    {
      key: 'status',
      label: 'Status',
      width: 130,
      render: (key) => {
        const status = apiKeyStatus(key);
        return (
          <Stack gap={2} align="flex-start">
            <Badge
              color={STATUS_COLORS[status.kind]}
              variant="light"
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {STATUS_WORDS[status.kind]}
            </Badge>
            {status.until && (
              <Text size="xs" c="dimmed">
                until {status.until}
              </Text>
            )}
          </Stack>
        );
      },
      csv: (key) => apiKeyStatus(key).label,
    },
    {
      key: 'actions',
      label: 'Actions',
      csv: false,
      render: (key) => (
        <Group gap={4} wrap="nowrap">
          <RowAction label="Usage" icon={<IconChartBar size={16} />} onClick={() => onUsage(key)} />
          {canWrite && !key.revokedAt && (
            <>
              <RowAction
                label="Rotate"
                color="orange"
                icon={<IconRefresh size={16} />}
                onClick={() => onRotate(key)}
              />
              <RowAction
                label="Revoke"
                color="red"
                icon={<IconBan size={16} />}
                onClick={() => onRevoke(key)}
              />
            </>
          )}
        </Group>
      ),
    },
  ];
}
