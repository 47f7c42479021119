import type { MailBrand } from './layout.js';
import { renderVpnRequestConfirmation } from './vpn-request-confirmation.js';

const brand: MailBrand = {
  brandName: 'TunnelScope',
  publicSiteUrl: 'https://tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  salesEmail: 'sales@tunnelscope.example',
};

const job = {
  type: 'vpn-request-confirmation',
  to: 'visitor@example.com',
  requestNumber: 'VPN-20261122-7K3F9Q',
  vpnName: 'Turbo VPN',
  playstoreLink: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn&hl=en',
} as const;

describe('renderVpnRequestConfirmation', () => {
  it('names the request number in the subject', () => {
    expect(renderVpnRequestConfirmation(job, brand).subject).toBe(
      'TunnelScope VPN detection request VPN-20261122-7K3F9Q received',
    );
  });

  it('carries the request number, VPN name and Play Store link in both parts', () => {
    const mail = renderVpnRequestConfirmation(job, brand);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('VPN-20261122-7K3F9Q');
      expect(part).toContain('Turbo VPN');
      expect(part).toContain('TunnelScope');
    }
    expect(mail.text).toContain(job.playstoreLink);
    expect(mail.html).toContain(
      'href="https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn&amp;hl=en"',
    );
  });

  it('escapes markup in the VPN name and never links a script URL', () => {
    const mail = renderVpnRequestConfirmation(
      { ...job, vpnName: '<script>alert(1)</script>', playstoreLink: 'javascript:alert(1)' },
      brand,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('href="javascript:');
  });
});
