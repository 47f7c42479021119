import type { MailJob } from '@tunnelscope/contracts';
import { html } from './html.js';
import {
  codeBox,
  detailsTable,
  layout,
  note,
  paragraph,
  type MailBrand,
  type RenderedMail,
} from './layout.js';

type AdminPasswordResetJob = Extract<MailJob, { type: 'admin-password-reset' }>;

export function renderAdminPasswordReset(job: AdminPasswordResetJob, brand: MailBrand): RenderedMail {
  const name = brand.brandName;
  const subject = `Your ${name} admin password was reset`;
  const greeting = `Hi ${job.username},`;
  const intro = `An administrator reset the password of your ${name} admin account and signed out all its sessions. Sign in with this new password:`;
  const advice = `Change it as soon as you have signed in (Profile, Change password): anyone who can read this e-mail can read it too. Then delete this e-mail.`;
  const unexpected = `If you did not expect this reset, tell your administrator at once.`;

  const text = [
    greeting,
    '',
    intro,
    '',
    `Username: ${job.username}`,
    `New password: ${job.password}`,
    '',
    advice,
    '',
    unexpected,
  ].join('\n');

  const body = html`${paragraph(greeting)} ${paragraph(intro)}
  ${detailsTable([['Username', html`<strong>${job.username}</strong>`]])} ${paragraph('New password:')}
  ${codeBox(job.password, 'New password')} ${paragraph(html`<strong>${advice}</strong>`)} ${note(unexpected)}`;

  return layout({ brand, subject, preheader: 'Sign in with your new password, then change it.', body, text });
}
