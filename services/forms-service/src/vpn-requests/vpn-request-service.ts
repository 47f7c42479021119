/** VPN detection requests: all four fields, a code, then a request number and a confirmation mail. */
import type {
  SubmitResponse,
  VerifyOtpRequest,
  VerifyVpnResponse,
  vpnRequestSchema,
} from '@tunnelscope/contracts';
import { isUniqueViolation, type MailToSend } from '@tunnelscope/service-kit';
import type { z } from 'zod';
import { settleFollowups } from '../codes/code-repository.js';
import { lockFormEmail } from '../codes/email-lock.js';
import { generateRequestNumber } from '../codes/request-number.js';
import {
  issueOnRow,
  recordRefusedSubmit,
  recordRefusedVerify,
  submitWithCode,
  verifyWithCode,
  type SubmitForm,
  type VerificationDeps,
} from '../codes/verification-flow.js';
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
  submit(visitor: Visitor, input: z.output<typeof vpnRequestSchema>): Promise<SubmitResponse>;
  /** Logs a request whose body the route's schema refused. */
  submitRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
  verify(visitor: Visitor, input: VerifyOtpRequest): Promise<VerifyVpnResponse>;
  /** Logs a code check whose body the route's schema refused. */
  verifyRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
}

const VPN_REQUEST_FORM: SubmitForm = {
  form: 'vpn-request',
  action: 'vpn_request_attempt',
  emailField: 'userEmail',
};

/** The confirmation mail of a verified request; its job id makes a repeat enqueue a no-op. */
export function vpnFollowupMails(row: VpnRequestRow, httpRequestId?: string): MailToSend[] {
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

export function createVpnRequestService(deps: VerificationDeps): VpnRequestService {
  return {
    submit(visitor, input) {
      return submitWithCode(deps, visitor, input, {
        ...VPN_REQUEST_FORM,
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
            contentKeys: ['vpn_name', 'playstore_link', 'additional_info'],
            update: (id, values) => updateRequest(trx, id, values),
            insert: (values) => insertRequest(trx, values),
          });
        },
        describe: (input) => ({ vpnName: input.vpnName }),
        confirming: (input) => `VPN detection request for ${input.vpnName}`,
      });
    },

    submitRefused: (visitor, body, err) => recordRefusedSubmit(deps, visitor, VPN_REQUEST_FORM, body, err),

    async verify(visitor, input) {
      const row = await verifyWithCode(deps, visitor, input, {
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

    verifyRefused: (visitor, body, err) => recordRefusedVerify(deps, visitor, 'vpn-request', body, err),
  };
}
