import type { CodeForm } from '@tunnelscope/contracts';
import type { MailBrand } from './layout.js';
import { renderVerificationCode } from './verification-code.js';

const brand: MailBrand = {
  brandName: 'TunnelScope',
  publicSiteUrl: 'https://tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  salesEmail: 'sales@tunnelscope.example',
};

const job = (form: CodeForm) =>
  ({
    type: 'verification-code',
    to: 'visitor@example.com',
    form,
    code: '482913',
    expiresInMinutes: 5,
  }) as const;

describe('renderVerificationCode', () => {
  it.each([
    ['waitlist', 'Your TunnelScope waitlist verification code', 'join the TunnelScope waitlist'],
    ['vpn-request', 'Your TunnelScope VPN detection request code', 'send your VPN detection request'],
    ['contact', 'Your TunnelScope contact form code', 'send your message to the TunnelScope team'],
  ] as const)('words the %s mail for its form', (form, subject, purpose) => {
    const mail = renderVerificationCode(job(form), brand);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(purpose);
    expect(mail.html).toContain(purpose);
  });

  it('names what the code confirms, escaped in the HTML part (issue 13 item 5)', () => {
    const mail = renderVerificationCode(
      { ...job('waitlist'), confirming: 'Waitlist sign-up for <Acme & Co>' },
      brand,
    );
    expect(mail.text).toContain('You are confirming: Waitlist sign-up for <Acme & Co>');
    expect(mail.html).toContain('You are confirming: Waitlist sign-up for &lt;Acme &amp; Co&gt;');
  });

  it('leaves the line out for a job queued before it existed', () => {
    expect(renderVerificationCode(job('contact'), brand).text).not.toContain('You are confirming');
  });

  it('puts the code in both parts, with its expiry and the ignore advice', () => {
    const mail = renderVerificationCode(job('waitlist'), brand);
    expect(mail.text).toContain('Your verification code: 482913');
    expect(mail.html).toMatch(/font-size:28px[^>]*>\s*482913\s*</);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('expires in 5 minutes');
      expect(part).toContain('If you did not ask for this code, ignore this e-mail');
    }
  });

  it('says "1 minute" for a one-minute code', () => {
    const mail = renderVerificationCode({ ...job('contact'), expiresInMinutes: 1 }, brand);
    expect(mail.text).toContain('expires in 1 minute and');
  });

  it('uses the configured brand name everywhere', () => {
    const mail = renderVerificationCode(job('waitlist'), { ...brand, brandName: 'Acme <Detect>' });
    expect(mail.subject).toBe('Your Acme <Detect> waitlist verification code');
    expect(mail.text).toContain('join the Acme <Detect> waitlist');
    expect(mail.html).toContain('Acme &lt;Detect&gt;');
    expect(mail.html).not.toContain('Acme <Detect>');
    expect(mail.html).not.toContain('TunnelScope');
  });
});
