/**
 * The Contacts tab: contact-form messages with their verification, status and notes; search on
 * e-mail, name and subject, the verified filter, delete.
 */
import { contactRowSchema, type ContactRow } from '@tunnelscope/contracts';
import { NewRowsBanner } from '../../live/NewRowsBanner.js';
import { FormReviewTable } from '../review/FormReviewTable.js';
import { CONTACTS_PATH, contactColumns } from './contact-columns.js';

export function ContactsTab() {
  return (
    <FormReviewTable<ContactRow>
      title="Contacts"
      description="Messages sent through the contact form, with their e-mail verification and review status."
      endpoint={CONTACTS_PATH}
      banner={<NewRowsBanner list="contacts" endpoint={CONTACTS_PATH} />}
      dataKey="contacts"
      rowSchema={contactRowSchema}
      columns={contactColumns}
      searchPlaceholder="Search by email, name or subject..."
    />
  );
}
