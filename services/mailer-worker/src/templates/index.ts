import type { MailJob } from '@tunnelscope/contracts';
import { renderAdminPasswordReset } from './admin-password-reset.js';
import { renderContactAcknowledgement } from './contact-acknowledgement.js';
import { renderContactTeamNotification } from './contact-team-notification.js';
import type { MailBrand, RenderedMail } from './layout.js';
import { renderVerificationCode } from './verification-code.js';
import { renderVpnRequestConfirmation } from './vpn-request-confirmation.js';

export type { MailBrand, RenderedMail } from './layout.js';

/** One renderer per job type; the switch is exhaustive, so a new job type fails the build here. */
export function renderMail(job: MailJob, brand: MailBrand): RenderedMail {
  switch (job.type) {
    case 'verification-code':
      return renderVerificationCode(job, brand);
    case 'vpn-request-confirmation':
      return renderVpnRequestConfirmation(job, brand);
    case 'contact-acknowledgement':
      return renderContactAcknowledgement(job, brand);
    case 'contact-team-notification':
      return renderContactTeamNotification(job, brand);
    case 'admin-password-reset':
      return renderAdminPasswordReset(job, brand);
    default: {
      const unknown: never = job;
      throw new Error(`no template for mail type ${(unknown as { type: string }).type}`);
    }
  }
}
