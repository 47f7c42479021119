/**
 * The Waitlist tab (admin §2 "Waitlist table"): every sign-up with its verification, status and
 * notes; search on e-mail, the verified filter, delete. A view_only operator reads and exports;
 * editing and deleting are disabled with a 'View only' hint (DECISIONS.md "Roles").
 */
import { waitlistEntrySchema, type WaitlistEntryRow } from '@tunnelscope/contracts';
import { useMemo } from 'react';
import { useForgetOverview } from '../../api/review.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { DataTable } from '../../components/data-table/index.js';
import { VERIFIED_FILTER } from '../review/review-columns.js';
import { WAITLIST_PATH, waitlistColumns } from './waitlist-columns.js';

export function WaitlistTab() {
  const isAdmin = useCurrentUser().role === 'admin';
  const forgetOverview = useForgetOverview();
  const columns = useMemo(() => waitlistColumns({ canEdit: isAdmin }), [isAdmin]);
  return (
    <DataTable<WaitlistEntryRow>
      title="Waitlist"
      description="Everyone who joined the waitlist, with their e-mail verification and review status."
      endpoint={WAITLIST_PATH}
      dataKey="entries"
      rowSchema={waitlistEntrySchema}
      columns={columns}
      rowKey="id"
      searchPlaceholder="Search by email..."
      filters={[VERIFIED_FILTER]}
      defaultSort="createdAt"
      deleteEnabled
      onDeleted={forgetOverview}
      canDelete={isAdmin}
    />
  );
}
