import type { MailJob } from '@tunnelscope/contracts';
import { html, oneLine } from './html.js';
import {
  detailsTable,
  layout,
  link,
  mailto,
  note,
  paragraph,
  type MailBrand,
  type RenderedMail,
} from './layout.js';

type VpnRequestConfirmationJob = Extract<MailJob, { type: 'vpn-request-confirmation' }>;

export function renderVpnRequestConfirmation(job: VpnRequestConfirmationJob, brand: MailBrand): RenderedMail {
  const name = brand.brandName;
  const requestNumber = oneLine(job.requestNumber);
  const subject = `${name} VPN detection request ${requestNumber} received`;
  const intro = `Thank you: your e-mail address is confirmed and your VPN detection request is in our queue.`;
  const next = `Our analysts will study ${job.vpnName} and add its servers to the ${name} detection data. Quote your request number ${requestNumber} whenever you write to us about it.`;

  const text = [
    intro,
    '',
    `Request number: ${requestNumber}`,
    `VPN: ${job.vpnName}`,
    `Google Play link: ${job.playstoreLink}`,
    '',
    next,
    '',
    `Questions about plans and the API: ${brand.salesEmail}`,
  ].join('\n');

  const body = html`${paragraph(intro)}
  ${detailsTable([
    ['Request number', html`<strong>${requestNumber}</strong>`],
    ['VPN', job.vpnName],
    ['Google Play link', link(job.playstoreLink)],
  ])}
  ${paragraph(next)} ${note(html`Questions about plans and the API? Write to ${mailto(brand.salesEmail)}.`)}`;

  return layout({ brand, subject, preheader: `Your request number is ${requestNumber}.`, body, text });
}
