/**
 * The bar over a table with a selection: how many rows are selected, "Select all N matching"
 * when the whole page is selected and more rows match, the page's bulk actions, "Export
 * selection" and "Clear selection".
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableBulkAction } from './types.js';
import { formatCount } from './pager.js';

export interface BulkBarProps {
  count: number;
  actions: readonly DataTableBulkAction[];
  onAction: (action: DataTableBulkAction) => void;
  /** The label of "Select all N matching", or undefined when it is not offered. */
  selectMatchingLabel?: string;
  selectingMatching: boolean;
  onSelectMatching: () => void;
  onExport?: () => void;
  exporting: boolean;
  onClear: () => void;
}

export function BulkBar({
  count,
  actions,
  onAction,
  selectMatchingLabel,
  selectingMatching,
  onSelectMatching,
  onExport,
  exporting,
  onClear,
}: BulkBarProps) {
  return (
    <Paper withBorder radius="sm" p="xs" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="selection-count">
            {`${formatCount(count)} selected`}
          </Text>
          {selectMatchingLabel !== undefined && (
            <Button size="compact-sm" variant="subtle" loading={selectingMatching} onClick={onSelectMatching}>
              {selectMatchingLabel}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.id}
              size="compact-sm"
              variant="light"
              color={action.color}
              onClick={() => onAction(action)}
            >
              {action.label}
            </Button>
          ))}
          {onExport && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} />}
              loading={exporting}
              onClick={onExport}
            >
              Export selection
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
