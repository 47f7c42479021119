/**
 * The Waitlist tab: every sign-up with its verification, status and notes; search on e-mail, the
 * verified filter, delete. A view_only operator reads and exports; editing and deleting are
 * disabled with a 'View only' hint (the server refuses them too).
 */
import { waitlistEntrySchema, type WaitlistEntryRow } from '@tunnelscope/contracts';
import { NewRowsBanner } from '../../live/NewRowsBanner.js';
import { FormReviewTable } from '../review/FormReviewTable.js';
import { WAITLIST_PATH, waitlistColumns } from './waitlist-columns.js';

export function WaitlistTab() {
  return (
    <FormReviewTable<WaitlistEntryRow>
      title="Waitlist"
      description="Everyone who joined the waitlist, with their e-mail verification and review status."
      endpoint={WAITLIST_PATH}
      banner={<NewRowsBanner list="waitlist" endpoint={WAITLIST_PATH} />}
      dataKey="entries"
      rowSchema={waitlistEntrySchema}
      columns={waitlistColumns}
      searchPlaceholder="Search by email..."
    />
  );
}
