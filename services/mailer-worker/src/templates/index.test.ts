import { mailJobSchema, type MailJob } from '@tunnelscope/contracts';
import { renderMail, type MailBrand } from './index.js';

const brand: MailBrand = {
  brandName: 'NetLens',
  publicSiteUrl: 'https://netlens.example',
  supportEmail: 'help@netlens.example',
  salesEmail: 'deals@netlens.example',
};

/** One valid job of every type; parsed, so the fixtures cannot drift from the contract. */
const jobs: MailJob[] = [
  { type: 'verification-code', to: 'a@example.com', form: 'waitlist', code: '123456', expiresInMinutes: 5 },
  {
    type: 'vpn-request-confirmation',
    to: 'b@example.com',
    requestNumber: 'VPN-20261122-AAAAAA',
    vpnName: '<script>x</script>',
    playstoreLink: 'https://play.google.com/store/apps/details?id=x',
  },
  {
    type: 'contact-acknowledgement',
    to: 'c@example.com',
    name: '<script>x</script>',
    subject: 'Hello there',
  },
  {
    type: 'contact-team-notification',
    to: 'team@example.com',
    contactId: '3f6c1f2e-7d1a-4a53-9d43-0b8f2b1c9e11',
    fromName: '<script>x</script>',
    fromEmail: 'd@example.com',
    subject: 'Hello there',
    message: 'A message long enough.',
    hasMarketing: false,
    receivedAt: '2026-11-22T10:00:00Z',
  },
  {
    type: 'admin-password-reset',
    to: 'e@example.com',
    username: '<script>x</script>',
    password: 'Pw-1234567890!',
  },
].map((j) => mailJobSchema.parse(j));

describe('renderMail', () => {
  it.each(jobs.map((j) => [j.type, j] as const))(
    'renders %s with the brand in subject, text and HTML',
    (_type, job) => {
      const mail = renderMail(job, brand);
      expect(mail.subject).toContain('NetLens');
      expect(mail.text).toContain('NetLens');
      expect(mail.html).toContain('NetLens');
      expect(mail.html.startsWith('<!doctype html>')).toBe(true);
      expect(mail.text).toContain('help@netlens.example');
      expect(mail.html).toContain('href="https://netlens.example/"');
    },
  );

  it.each(jobs.map((j) => [j.type, j] as const))(
    'never lets a <script> through in the HTML of %s',
    (_type, job) => {
      const html = renderMail(job, brand).html;
      expect(html).not.toMatch(/<script/i);
    },
  );

  it('keeps every subject on one line', () => {
    for (const job of jobs) expect(renderMail(job, brand).subject).not.toMatch(/[\r\n]/);
  });
});
