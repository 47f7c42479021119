import { renderContactAcknowledgement } from './contact-acknowledgement.js';
import type { MailBrand } from './layout.js';

const brand: MailBrand = {
  brandName: 'TunnelScope',
  publicSiteUrl: 'https://tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  salesEmail: 'sales@tunnelscope.example',
};

const job = {
  type: 'contact-acknowledgement',
  to: 'ada@example.com',
  name: 'Ada Lovelace',
  subject: 'API pricing',
} as const;

describe('renderContactAcknowledgement', () => {
  it('has a branded subject', () => {
    expect(renderContactAcknowledgement(job, brand).subject).toBe('TunnelScope: we received your message');
  });

  it('greets the visitor, names their subject and promises a reply within 24 hours', () => {
    const mail = renderContactAcknowledgement(job, brand);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi Ada Lovelace,');
      expect(part).toContain('API pricing');
      expect(part).toContain('reply within 24 hours');
      expect(part).toContain('support@tunnelscope.example');
    }
  });

  it('escapes markup in the name and subject', () => {
    const mail = renderContactAcknowledgement(
      { ...job, name: '<script>x()</script>', subject: 'a & <b>' },
      brand,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;x()&lt;/script&gt;,');
    expect(mail.html).toContain('a &amp; &lt;b&gt;');
    expect(mail.text).toContain('Hi <script>x()</script>,');
  });
});
