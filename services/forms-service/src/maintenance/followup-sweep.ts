/**
 * Follow-up mails whose enqueue failed after a verification committed (Redis was down) are
 * marked on their row; this sweep enqueues them once the queue answers again. Rows younger than
 * the grace period are left to the request that verified them, which may still be retrying.
 */
import type { MailEnqueuer } from '@tunnelscope/service-kit';
import { settleFollowups } from '../codes/code-repository.js';
import type { Config } from '../config.js';
import { listPendingContactFollowups } from '../contacts/contact-repository.js';
import { contactFollowupMails } from '../contacts/contact-service.js';
import type { FormsDb } from '../db/schema.js';
import { listPendingFollowups } from '../vpn-requests/vpn-request-repository.js';
import { vpnFollowupMails } from '../vpn-requests/vpn-request-service.js';

export const FOLLOWUP_GRACE_MS = 2 * 60_000;
const BATCH = 100;

export async function sweepPendingFollowups(deps: {
  db: FormsDb;
  mail: MailEnqueuer;
  config: Config;
  now: Date;
}): Promise<{ vpnRequests: number; contacts: number }> {
  const before = new Date(deps.now.getTime() - FOLLOWUP_GRACE_MS);
  let vpnRequests = 0;
  for (const row of await listPendingFollowups(deps.db, before, BATCH)) {
    await deps.mail.enqueueAll(vpnFollowupMails(row));
    await settleFollowups(deps.db, 'vpn_requests', row.id, deps.now);
    vpnRequests++;
  }
  let contacts = 0;
  for (const row of await listPendingContactFollowups(deps.db, before, BATCH)) {
    await deps.mail.enqueueAll(contactFollowupMails(row, deps.config.CONTACT_INBOX));
    await settleFollowups(deps.db, 'contact_forms', row.id, deps.now);
    contacts++;
  }
  return { vpnRequests, contacts };
}
