/** VPN detection requests: all four fields, a code, then a request number and a confirmation mail. */
import {
  vpnRequestSchema,
  type MailJob,
  type SubmitResponse,
  type VerifyVpnResponse,
} from '@tunnelscope/contracts';
import { settleFollowups } from '../codes/code-repository.js';
import { issueOnRow, submitWithCode, verifyWithCode, type CodeStepDeps } from '../codes/code-step.js';
import { lockFormEmail } from '../codes/email-lock.js';
import { generateRequestNumber } from '../codes/request-number.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Executor, VpnRequestRow } from '../db/schema.js';
import type { Visitor } from '../registration-logs/registration-log-service.js';
import {
  REQUEST_NUMBER_KEY,
  findRequestForUpdate,
  findUnverifiedRequest,
  insertRequest,
  markRequestVerified,
  requestNumberTaken,
  updateRequest,
} from './vpn-request-repository.js';

export const VPN_VERIFIED_MESSAGE = 'Email verified successfully!';

export interface VpnRequestService {
  submit(visitor: Visitor, body: unknown): Promise<SubmitResponse>;
  verify(visitor: Visitor, body: unknown): Promise<VerifyVpnResponse>;
}

/** The confirmation mail of a verified request; its job id makes a repeat enqueue a no-op. */
export function vpnFollowupMails(
  row: VpnRequestRow,
  httpRequestId?: string,
): { job: MailJob; jobId: string }[] {
  if (!row.request_number) return [];
  return [
    {
      jobId: `vpn-request-confirmation-${row.id}`,
      job: {
        type: 'vpn-request-confirmation',
        to: row.user_email,
        requestNumber: row.request_number,
        vpnName: row.vpn_name,
        playstoreLink: row.playstore_link,
        ...(httpRequestId ? { meta: { requestId: httpRequestId } } : {}),
      },
    },
  ];
}

async function freeRequestNumber(db: Executor, now: Date): Promise<string> {
  for (;;) {
    const candidate = generateRequestNumber(now);
    if (!(await requestNumberTaken(db, candidate))) return candidate;
  }
}

export function createVpnRequestService(deps: CodeStepDeps): VpnRequestService {
  return {
    submit(visitor, body) {
      return submitWithCode(deps, visitor, body, {
        form: 'vpn-request',
        action: 'vpn_request_attempt',
        schema: vpnRequestSchema,
        emailField: 'userEmail',
        email: (input) => input.userEmail,
        async prepare(trx, input, issue, now) {
          await lockFormEmail(trx, 'vpn-request', input.userEmail);
          const fields = {
            vpn_name: input.vpnName,
            playstore_link: input.playstoreLink,
            user_email: input.userEmail,
            additional_info: input.additionalInfo,
            ip_address: visitor.ip,
            user_agent: visitor.userAgent,
          };
          const existing = await findUnverifiedRequest(trx, input.userEmail, input.vpnName);
          return issueOnRow(existing, fields, issue, now, {
            update: (id, values) => updateRequest(trx, id, values),
            insert: (values) => insertRequest(trx, values),
          });
        },
        describe: (input) => ({ vpnName: input.vpnName }),
      });
    },

    async verify(visitor, body) {
      const row = await verifyWithCode(deps, visitor, body, {
        form: 'vpn-request',
        table: 'vpn_requests',
        loadForUpdate: findRequestForUpdate,
        email: (r) => r.user_email,
        followupPending: (r) => r.followup_mail_pending,
        complete: async (trx, r, now) =>
          markRequestVerified(trx, r.id, await freeRequestNumber(trx, now), now),
        // Two verifications drawing the same number at the same instant: draw again.
        retryable: (err) => isUniqueViolation(err, REQUEST_NUMBER_KEY),
        followups: vpnFollowupMails,
        settle: (id, now) => settleFollowups(deps.db, 'vpn_requests', id, now),
      });
      return { success: true, requestNumber: row.request_number ?? '', message: VPN_VERIFIED_MESSAGE };
    },
  };
}
