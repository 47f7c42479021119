import { Badge } from '@mantine/core';
import type { RecordStatus } from '@tunnelscope/contracts';
import { COMPACT_STATUS_LABELS, STATUS_COLORS, STATUS_LABELS } from './status-labels.js';

/** Waiting, Pending or Complete; compact: Wait, Pend or OK (the full name as its title). */
export function StatusBadge({ status, compact = false }: { status: RecordStatus; compact?: boolean }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size={compact ? 'sm' : 'md'}
      title={compact ? STATUS_LABELS[status] : undefined}
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {compact ? COMPACT_STATUS_LABELS[status] : STATUS_LABELS[status]}
    </Badge>
  );
}
