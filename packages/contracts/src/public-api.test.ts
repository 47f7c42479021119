import { contactRequestSchema, vpnRequestSchema, waitlistRequestSchema } from './public-api.js';

describe('public-api schemas (smoke)', () => {
  it('accepts a valid waitlist entry and nulls the empty optionals', () => {
    const r = waitlistRequestSchema.safeParse({ email: 'a@example.com', company: '' });
    expect(r.success && r.data).toEqual({ email: 'a@example.com', company: null, useCase: null });
  });
  it('refuses a non-Play-Store link with the spec message', () => {
    const r = vpnRequestSchema.safeParse({
      vpnName: 'X',
      playstoreLink: 'https://example.com/store/apps',
      userEmail: 'a@example.com',
      additionalInfo: 'x',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'Must be a Google Play Store link starting with https://play.google.com/store/',
    );
  });
  it('refuses a contact without consent', () => {
    const r = contactRequestSchema.safeParse({
      name: 'Ann',
      email: 'a@example.com',
      subject: 'Hi',
      message: 'Hello there, team',
      consent: false,
    });
    expect(r.error?.issues[0]?.message).toBe('You must agree to data processing to send your message.');
  });
});
