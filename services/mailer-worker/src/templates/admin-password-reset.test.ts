import { renderAdminPasswordReset } from './admin-password-reset.js';
import type { MailBrand } from './layout.js';

const brand: MailBrand = {
  brandName: 'TunnelScope',
  publicSiteUrl: 'https://tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  salesEmail: 'sales@tunnelscope.example',
};

const job = {
  type: 'admin-password-reset',
  to: 'ops@tunnelscope.example',
  username: 'ops-lead',
  password: 'k7#Qm2!vR9&xL4<p',
} as const;

describe('renderAdminPasswordReset', () => {
  it('has a branded subject that does not contain the password', () => {
    const mail = renderAdminPasswordReset(job, brand);
    expect(mail.subject).toBe('Your TunnelScope admin password was reset');
    expect(mail.subject).not.toContain(job.password);
  });

  it('gives the username and the new password in both parts, escaped in HTML', () => {
    const mail = renderAdminPasswordReset(job, brand);
    expect(mail.text).toContain('Username: ops-lead');
    expect(mail.text).toContain('New password: k7#Qm2!vR9&xL4<p');
    expect(mail.html).toContain('ops-lead');
    expect(mail.html).toContain('k7#Qm2!vR9&amp;xL4&lt;p');
  });

  it('tells the user to change the password', () => {
    const mail = renderAdminPasswordReset(job, brand);
    for (const part of [mail.text, mail.html])
      expect(part).toContain('Change it as soon as you have signed in');
  });

  it('escapes markup in the username', () => {
    const mail = renderAdminPasswordReset({ ...job, username: '<script>alert(1)</script>' }, brand);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
