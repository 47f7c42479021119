import { CONTACT_REPLY_PROMISE_HOURS, type MailJob } from '@tunnelscope/contracts';
import { html } from './html.js';
import { layout, mailto, note, paragraph, type MailBrand, type RenderedMail } from './layout.js';

type ContactAcknowledgementJob = Extract<MailJob, { type: 'contact-acknowledgement' }>;

export function renderContactAcknowledgement(job: ContactAcknowledgementJob, brand: MailBrand): RenderedMail {
  const name = brand.brandName;
  const subject = `${name}: we received your message`;
  const greeting = `Hi ${job.name},`;
  const thanks = `Thank you for contacting ${name}. We received your message "${job.subject}".`;
  const promise = `A member of our team will reply within ${CONTACT_REPLY_PROMISE_HOURS} hours.`;

  const text = [
    greeting,
    '',
    thanks,
    promise,
    '',
    `To add something, write to ${brand.supportEmail}.`,
    `The ${name} team`,
  ].join('\n');

  const body = html`${paragraph(greeting)}
  ${paragraph(html`Thank you for contacting ${name}. We received your message <strong>"${job.subject}"</strong>.`)}
  ${paragraph(html`<strong>${promise}</strong>`)}
  ${note(html`To add something, write to ${mailto(brand.supportEmail)}.`)} ${paragraph(`The ${name} team`)}`;

  return layout({ brand, subject, preheader: promise, body, text });
}
