import { formatUtc, renderContactTeamNotification } from './contact-team-notification.js';
import type { MailBrand } from './layout.js';

const brand: MailBrand = {
  brandName: 'TunnelScope',
  publicSiteUrl: 'https://tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  salesEmail: 'sales@tunnelscope.example',
};

const job = {
  type: 'contact-team-notification',
  to: 'team@tunnelscope.example',
  contactId: '3f6c1f2e-7d1a-4a53-9d43-0b8f2b1c9e11',
  fromName: "Dara O'Brien",
  fromEmail: 'dara@example.com',
  subject: 'Enterprise plan',
  message: 'Hello,\nwe screen 2M sign-ups a month.\nCan we talk?',
  hasMarketing: true,
  receivedAt: '2026-11-22T14:03:05.120Z',
} as const;

describe('renderContactTeamNotification', () => {
  it('puts the brand, the subject and the sender in the subject line', () => {
    expect(renderContactTeamNotification(job, brand).subject).toBe(
      "[TunnelScope contact] Enterprise plan (from Dara O'Brien)",
    );
  });

  it('carries every field of the contact in both parts', () => {
    const mail = renderContactTeamNotification(job, brand);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('dara@example.com');
      expect(part).toContain('Enterprise plan');
      expect(part).toContain('we screen 2M sign-ups a month.');
      expect(part).toContain('2026-11-22 14:03:05 UTC');
      expect(part).toContain(job.contactId);
      expect(part).toContain('Marketing opt-in');
    }
    expect(mail.text).toContain('Marketing opt-in: Yes');
    expect(mail.text).toContain("Name: Dara O'Brien");
    expect(mail.html).toContain('Dara O&#39;Brien');
    expect(mail.html).toContain('href="mailto:dara@example.com"');
  });

  it('keeps the line breaks of the message in the HTML part', () => {
    const mail = renderContactTeamNotification(job, brand);
    expect(mail.html).toContain('Hello,<br />we screen 2M sign-ups a month.<br />Can we talk?');
  });

  it('says No for a visitor who did not opt in to marketing', () => {
    expect(renderContactTeamNotification({ ...job, hasMarketing: false }, brand).text).toContain(
      'Marketing opt-in: No',
    );
  });

  it('escapes markup from the visitor and keeps header lines on one line', () => {
    const mail = renderContactTeamNotification(
      {
        ...job,
        fromName: '<script>steal()</script>',
        subject: 'Hi\r\nBcc: everyone@example.com',
        message: '<img src=x onerror=alert(1)>',
      },
      brand,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;steal()&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe(
      '[TunnelScope contact] Hi Bcc: everyone@example.com (from <script>steal()</script>)',
    );
  });
});

describe('formatUtc', () => {
  it('formats an ISO instant as UTC to the second', () => {
    expect(formatUtc('2026-01-02T03:04:05Z')).toBe('2026-01-02 03:04:05 UTC');
  });

  it('returns a value it cannot parse unchanged', () => {
    expect(formatUtc('yesterday')).toBe('yesterday');
  });
});
