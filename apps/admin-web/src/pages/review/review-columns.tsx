/**
 * Columns and filters shared by the review tables (Waitlist, VPN Requests, Contacts):
 * the verification badge, the `verified` filter, the status-and-notes column and the created date.
 */
import { Badge } from '@mantine/core';
import type { RecordStatus } from '@tunnelscope/contracts';
import {
  formatDateTime,
  type DataTableColumn,
  type DataTableFilter,
} from '../../components/data-table/index.js';
import { StatusEditor } from '../../components/status-editor/index.js';

/** The `verified` filter: all, true and false. */
export const VERIFIED_FILTER: DataTableFilter = {
  key: 'verified',
  label: 'Verified',
  options: [
    { value: 'all', label: 'All' },
    { value: 'true', label: 'Verified' },
    { value: 'false', label: 'Pending' },
  ],
};

/** The one-time-code verification: 'Verified' (or 'OK' on VPN requests) or 'Pending'. */
export function VerifiedBadge({ verified, okLabel = 'Verified' }: { verified: boolean; okLabel?: string }) {
  return (
    // Never cut to "VERI…" in a narrow column.
    <Badge color={verified ? 'green' : 'yellow'} variant="light" miw="fit-content">
      {verified ? okLabel : 'Pending'}
    </Badge>
  );
}

export function verifiedColumn<Row extends { isVerified: boolean }>(
  label: string,
  okLabel = 'Verified',
): DataTableColumn<Row> {
  return {
    key: 'isVerified',
    label,
    render: (row) => <VerifiedBadge verified={row.isVerified} okLabel={okLabel} />,
    csv: (row) => (row.isVerified ? okLabel : 'Pending'),
  };
}

interface Reviewable {
  id: string;
  status: RecordStatus;
  notes: string;
}

/**
 * The status with its notes editor; a save reloads the table. The export has the status name,
 * then the notes in a Notes column of their own (issue 16).
 */
export function statusColumn<Row extends Reviewable>({
  endpoint,
  canEdit,
  variant = 'full',
}: {
  endpoint: string;
  canEdit: boolean;
  variant?: 'full' | 'compact';
}): DataTableColumn<Row> {
  return {
    key: 'status',
    label: 'Status',
    render: (row, table) => (
      <StatusEditor
        endpoint={endpoint}
        id={row.id}
        status={row.status}
        notes={row.notes}
        variant={variant}
        canEdit={canEdit}
        onSaved={table.refresh}
      />
    ),
    csv: (row) => row.status,
    csvAfter: [{ label: 'Notes', value: (row) => row.notes }],
  };
}

export function createdAtColumn<Row extends { createdAt: string }>(sortable = true): DataTableColumn<Row> {
  return {
    key: 'createdAt',
    label: 'Created At',
    sortable,
    render: (row) => formatDateTime(row.createdAt),
  };
}
