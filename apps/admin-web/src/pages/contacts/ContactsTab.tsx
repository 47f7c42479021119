/**
 * The Contacts tab (admin §2 "Contacts table"): contact-form messages with their verification,
 * status and notes; search on e-mail, name and subject, the verified filter, delete.
 */
import { contactRowSchema, type ContactRow } from '@tunnelscope/contracts';
import { useMemo } from 'react';
import { useForgetOverview } from '../../api/review.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { DataTable } from '../../components/data-table/index.js';
import { VERIFIED_FILTER } from '../review/review-columns.js';
import { CONTACTS_PATH, contactColumns } from './contact-columns.js';

export function ContactsTab() {
  const isAdmin = useCurrentUser().role === 'admin';
  const forgetOverview = useForgetOverview();
  const columns = useMemo(() => contactColumns({ canEdit: isAdmin }), [isAdmin]);
  return (
    <DataTable<ContactRow>
      title="Contacts"
      description="Messages sent through the contact form, with their e-mail verification and review status."
      endpoint={CONTACTS_PATH}
      dataKey="contacts"
      rowSchema={contactRowSchema}
      columns={columns}
      rowKey="id"
      searchPlaceholder="Search by email, name or subject..."
      filters={[VERIFIED_FILTER]}
      defaultSort="createdAt"
      deleteEnabled
      onDeleted={forgetOverview}
      canDelete={isAdmin}
    />
  );
}
