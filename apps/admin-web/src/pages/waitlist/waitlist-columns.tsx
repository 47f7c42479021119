import { ADMIN_API, type WaitlistEntryRow } from '@tunnelscope/contracts';
import type { DataTableColumn } from '../../components/data-table/index.js';
import { createdAtColumn, statusColumn, verifiedColumn } from '../review/review-columns.js';

export const WAITLIST_PATH = ADMIN_API.waitlist.path;

/**
 * The Waitlist table: email (sortable), company, use case, OTP Status, status with a notes
 * editor, created (sortable), IP address.
 */
export function waitlistColumns({ canEdit }: { canEdit: boolean }): DataTableColumn<WaitlistEntryRow>[] {
  return [
    { key: 'email', label: 'Email', sortable: true },
    { key: 'company', label: 'Company' },
    { key: 'useCase', label: 'Use Case' },
    verifiedColumn<WaitlistEntryRow>('OTP Status'),
    statusColumn<WaitlistEntryRow>({ endpoint: WAITLIST_PATH, canEdit }),
    createdAtColumn<WaitlistEntryRow>(),
    { key: 'ipAddress', label: 'IP Address' },
  ];
}
