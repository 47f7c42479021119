import { ADMIN_API, type ContactRow } from '@tunnelscope/contracts';
import type { DataTableColumn } from '../../components/data-table/index.js';
import { TruncatedText } from '../../components/truncated-text/TruncatedText.js';
import { createdAtColumn, statusColumn, verifiedColumn } from '../review/review-columns.js';

export const CONTACTS_PATH = ADMIN_API.contacts.path;

/** How much of a message the table shows; the full text is its tooltip and goes to the export. */
export const MESSAGE_PREVIEW_LENGTH = 80;

/**
 * The Contacts table: name, email (sortable), subject, message (truncated), OTP status,
 * status with a notes editor, created.
 */
export function contactColumns({ canEdit }: { canEdit: boolean }): DataTableColumn<ContactRow>[] {
  return [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'subject', label: 'Subject' },
    {
      key: 'message',
      label: 'Message',
      width: 280,
      render: (row) => (
        <TruncatedText text={row.message} max={MESSAGE_PREVIEW_LENGTH} data-testid="message" />
      ),
    },
    verifiedColumn<ContactRow>('OTP Status'),
    statusColumn<ContactRow>({ endpoint: CONTACTS_PATH, canEdit }),
    createdAtColumn<ContactRow>(),
  ];
}
