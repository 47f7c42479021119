import type { CodeForm, MailJob } from '@tunnelscope/contracts';
import { html } from './html.js';
import { codeBox, layout, minutes, note, paragraph, type MailBrand, type RenderedMail } from './layout.js';

type VerificationCodeJob = Extract<MailJob, { type: 'verification-code' }>;

/** What the code unlocks, per form: the reader must recognise the action they started. */
const WORDING: Record<CodeForm, { subject: (brand: string) => string; purpose: (brand: string) => string }> =
  {
    waitlist: {
      subject: (b) => `Your ${b} waitlist verification code`,
      purpose: (b) => `Use this code to confirm your e-mail address and join the ${b} waitlist.`,
    },
    'vpn-request': {
      subject: (b) => `Your ${b} VPN detection request code`,
      purpose: (b) =>
        `Use this code to confirm your e-mail address and send your VPN detection request to ${b}.`,
    },
    contact: {
      subject: (b) => `Your ${b} contact form code`,
      purpose: (b) => `Use this code to confirm your e-mail address and send your message to the ${b} team.`,
    },
  };

export function renderVerificationCode(job: VerificationCodeJob, brand: MailBrand): RenderedMail {
  const name = brand.brandName;
  const wording = WORDING[job.form];
  const subject = wording.subject(name);
  const expiry = `This code expires in ${minutes(job.expiresInMinutes)} and works only once.`;
  const ignore = `If you did not ask for this code, ignore this e-mail: nothing happens without it.`;
  const neverShare = `Never share this code. The ${name} team will never ask you for it.`;

  // Names the submission, so the owner of the address can tell theirs from one a stranger made.
  const confirming = job.confirming ? `You are confirming: ${job.confirming}` : undefined;

  const text = [
    wording.purpose(name),
    ...(confirming ? ['', confirming] : []),
    '',
    `Your verification code: ${job.code}`,
    '',
    expiry,
    '',
    ignore,
    neverShare,
  ].join('\n');

  const body = html`${paragraph(wording.purpose(name))} ${confirming ? paragraph(confirming) : ''}
  ${paragraph('Your verification code:')} ${codeBox(job.code, 'Verification code')}
  ${paragraph(html`<strong>${expiry}</strong>`)} ${note(ignore)} ${note(neverShare)}`;

  return layout({
    brand,
    subject,
    preheader: `Your code expires in ${minutes(job.expiresInMinutes)}.`,
    body,
    text,
  });
}
