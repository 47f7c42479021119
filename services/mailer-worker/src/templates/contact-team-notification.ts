import type { MailJob } from '@tunnelscope/contracts';
import { html, oneLine } from './html.js';
import {
  detailsTable,
  layout,
  mailto,
  paragraph,
  quote,
  style,
  type MailBrand,
  type RenderedMail,
} from './layout.js';

type ContactTeamNotificationJob = Extract<MailJob, { type: 'contact-team-notification' }>;

/** `2026-11-22 14:03:05 UTC`: unambiguous for a team spread over time zones. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function renderContactTeamNotification(
  job: ContactTeamNotificationJob,
  brand: MailBrand,
): RenderedMail {
  const name = brand.brandName;
  const subject = `[${name} contact] ${oneLine(job.subject)} (from ${oneLine(job.fromName)})`;
  const intro = `A visitor sent a message through the ${name} contact form and confirmed their e-mail address. Reply to this e-mail to answer them.`;
  const received = formatUtc(job.receivedAt);
  const marketing = job.hasMarketing ? 'Yes' : 'No';

  const text = [
    intro,
    '',
    `Name: ${job.fromName}`,
    `E-mail: ${job.fromEmail}`,
    `Subject: ${job.subject}`,
    `Marketing opt-in: ${marketing}`,
    `Received: ${received}`,
    `Contact id: ${job.contactId}`,
    '',
    'Message:',
    job.message,
  ].join('\n');

  const body = html`${paragraph(intro)}
  ${detailsTable([
    ['Name', job.fromName],
    ['E-mail', mailto(job.fromEmail)],
    ['Subject', job.subject],
    ['Marketing opt-in', marketing],
    ['Received', received],
    ['Contact id', html`<span style="${style.mono}font-size:13px;">${job.contactId}</span>`],
  ])}
  ${paragraph(html`<strong>Message</strong>`)} ${quote(job.message)}`;

  return layout({ brand, subject, preheader: `${job.fromName}: ${job.subject}`, body, text });
}
