import { overviewCards } from './overview-cards.js';

const stats = {
  waitlist: { total: 1200, verified: 1013 },
  vpnRequests: { total: 3, verified: 1 },
  contacts: { total: 0, verified: 0 },
};

describe('overviewCards', () => {
  it('gives the six cards in order with their colours', () => {
    expect(overviewCards(stats).map((c) => [c.title, c.color])).toEqual([
      ['Total Waitlist', 'blue'],
      ['VPN Requests', 'green'],
      ['Contact Forms', 'purple'],
      ['Verification Rate', 'orange'],
      ['VPN Request Filled', 'teal'],
      ['Contact Response', 'indigo'],
    ]);
  });

  it('counts the verified entries and rounds verified over total, dividing by at least 1', () => {
    expect(overviewCards(stats).map((c) => c.value)).toEqual(['1,013', '1', '0', '84%', '33%', '0%']);
    const one = { total: 1, verified: 1 };
    expect(
      overviewCards({ waitlist: one, vpnRequests: { total: 2, verified: 1 }, contacts: one }).map(
        (c) => c.value,
      ),
    ).toEqual(['1', '1', '1', '100%', '50%', '100%']);
  });

  it('says what each card counts', () => {
    expect(overviewCards(stats).map((c) => c.description)).toEqual([
      'Verified sign-ups of 1,200 total',
      'Verified requests of 3 total',
      'Verified messages of 0 total',
      '1,013 of 1,200 waitlist sign-ups verified',
      '1 of 3 VPN requests verified',
      '0 of 0 contact forms verified',
    ]);
  });
});
