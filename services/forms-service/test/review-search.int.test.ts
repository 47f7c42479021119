/**
 * The search box and the verified filter of the Waitlist, VPN Requests and Contacts lists: a
 * case-insensitive substring match on the spec's fields only, with `%`, `_` and `\` taken
 * literally, combined with the filter, the sort and the paging, and totals that match.
 */
import {
  adminCall,
  compareBy,
  createOperator,
  createReviewContext,
  listPage,
  readAllPages,
  seedContacts,
  seedVpnRequests,
  seedWaitlist,
  type ContactSeed,
  type ListName,
  type Operator,
  type VpnRequestSeed,
  type WaitlistSeed,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;
let waitlist: WaitlistSeed[];
let vpnRequests: VpnRequestSeed[];
let contacts: ContactSeed[];

const at = (minute: number) => new Date(Date.parse('2026-04-01T08:00:00.000Z') + minute * 60_000);

beforeAll(async () => {
  ctx = await createReviewContext('review_search');
  admin = await createOperator(ctx, 'admin');
  waitlist = await seedWaitlist(ctx, [
    { email: 'alice.smith@example.com', company: 'Globex', is_verified: true, created_at: at(1) },
    { email: 'ALICE.JONES@EXAMPLE.ORG', company: 'Initech', created_at: at(2) },
    { email: 'bob@alice-corp.io', company: null, is_verified: true, created_at: at(3) },
    // "alice" only outside the searched column: the company, the use case, the address.
    { email: 'carol@example.com', company: 'Alice Industries', use_case: 'alice', created_at: at(4) },
    { email: 'dave@example.net', company: 'Hooli', ip_address: '203.0.113.99', created_at: at(5) },
    { email: 'per%cent@example.com', is_verified: true, created_at: at(6) },
    { email: 'perXcent@example.com', created_at: at(7) },
    { email: 'under_score@example.com', created_at: at(8) },
    { email: 'underXscore@example.com', is_verified: true, created_at: at(9) },
    { email: 'back\\slash@example.com', created_at: at(10) },
    { email: 'backXslash@example.com', created_at: at(11) },
    { email: 'zoë.müller@exämple.de', created_at: at(12) },
    { email: 'alice.smith@example.com', company: 'Globex again', created_at: at(13) },
  ]);
  vpnRequests = await seedVpnRequests(ctx, [
    { vpn_name: 'NordVPN', user_email: 'x1@example.com', is_verified: true, created_at: at(1) },
    { vpn_name: 'Hola', user_email: 'nord.fan@example.com', created_at: at(2) },
    { vpn_name: 'Turbo VPN', user_email: 'x2@example.com', additional_info: 'like nord', created_at: at(3) },
    {
      vpn_name: 'Proton',
      user_email: 'x3@example.com',
      playstore_link: 'https://play.google.com/store/apps/details?id=com.nordvpn.android',
      is_verified: true,
      created_at: at(4),
    },
    { vpn_name: 'Surf', user_email: 'x4@example.com', request_number: 'NORD-1', created_at: at(5) },
    { vpn_name: '100% Free VPN', user_email: 'x5@example.com', created_at: at(6) },
    { vpn_name: '100X Free VPN', user_email: 'x6@example.com', is_verified: true, created_at: at(7) },
    { vpn_name: 'NORD lite', user_email: 'NORDIC@example.com', is_verified: true, created_at: at(8) },
  ]);
  contacts = await seedContacts(ctx, [
    { name: "Ann O'Brien", email: 'ann@example.com', subject: 'Pricing for the API', created_at: at(1) },
    { name: 'Bea', email: 'bea@brien.example', subject: 'Hello', is_verified: true, created_at: at(2) },
    { name: 'Cid', email: 'cid@example.com', subject: "About O'BRIEN", created_at: at(3) },
    {
      name: 'Dan',
      email: 'dan@example.com',
      subject: 'Other',
      message: 'brien in the message only',
      created_at: at(4),
    },
    { name: 'Eve', email: 'eve@example.com', subject: '100% uptime?', is_verified: true, created_at: at(5) },
    { name: 'Fay', email: 'fay@example.com', subject: '100X uptime?', created_at: at(6) },
    { name: 'snake_case', email: 'gus@example.com', subject: 'Names', created_at: at(7) },
    { name: 'snakeXcase', email: 'hal@example.com', subject: 'Names', is_verified: true, created_at: at(8) },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const newestFirst = <T extends { id: string; created_at: Date }>(rows: T[]) =>
  [...rows]
    .sort(compareBy<T>((r) => r.created_at))
    .reverse()
    .map((r) => r.id);

async function searchIds(list: ListName, search: string, extra: Record<string, string | number> = {}) {
  const page = await listPage<{ id: string }>(ctx, admin, list, { search, limit: 100, ...extra });
  expect(page.pagination.total).toBe(page.rows.length);
  return page.rows.map((r) => r.id);
}

describe('GET /data/waitlist search', () => {
  const matching = (f: (r: WaitlistSeed) => boolean) => newestFirst(waitlist.filter(f));

  it('matches a substring of the e-mail, whatever its case', async () => {
    const expected = matching((r) => r.email.toLowerCase().includes('alice'));
    expect(expected).toHaveLength(4);
    expect(await searchIds('waitlist', 'alice')).toEqual(expected);
    expect(await searchIds('waitlist', 'ALICE')).toEqual(expected);
    expect(await searchIds('waitlist', 'aLiCe.')).toEqual(
      matching((r) => r.email.toLowerCase().includes('alice.')),
    );
  });

  it('does not search the company, the use case or the address', async () => {
    expect(await searchIds('waitlist', 'Industries')).toEqual([]);
    expect(await searchIds('waitlist', 'Globex')).toEqual([]);
    expect(await searchIds('waitlist', '203.0.113')).toEqual([]);
    const ids = await searchIds('waitlist', 'alice');
    expect(ids).not.toContain(waitlist.find((r) => r.email.startsWith('carol'))!.id);
  });

  it('takes % literally', async () => {
    const percent = waitlist.find((r) => r.email.startsWith('per%'))!.id;
    expect(await searchIds('waitlist', '%')).toEqual([percent]);
    expect(await searchIds('waitlist', 'per%cent')).toEqual([percent]);
    expect(await searchIds('waitlist', '%%')).toEqual([]);
  });

  it('takes _ literally', async () => {
    const underscore = waitlist.find((r) => r.email.startsWith('under_'))!.id;
    expect(await searchIds('waitlist', '_')).toEqual([underscore]);
    expect(await searchIds('waitlist', 'under_score')).toEqual([underscore]);
    expect(await searchIds('waitlist', 'r_s')).toEqual([underscore]);
  });

  it('takes a backslash literally', async () => {
    const backslash = waitlist.find((r) => r.email.startsWith('back\\'))!.id;
    expect(await searchIds('waitlist', '\\')).toEqual([backslash]);
    expect(await searchIds('waitlist', 'k\\s')).toEqual([backslash]);
  });

  it('matches letters outside ASCII, and trims the search', async () => {
    const zoe = waitlist.find((r) => r.email.startsWith('zoë'))!.id;
    expect(await searchIds('waitlist', 'MÜLLER')).toEqual([zoe]);
    expect(await searchIds('waitlist', '  exämple ')).toEqual([zoe]);
  });

  it('treats an empty or blank search as no search', async () => {
    for (const search of ['', '   ']) {
      const page = await listPage(ctx, admin, 'waitlist', { search, limit: 100 });
      expect(page.pagination.total).toBe(waitlist.length);
    }
  });

  it('answers no rows and a total of 0 when nothing matches', async () => {
    const page = await listPage(ctx, admin, 'waitlist', { search: 'nobody-at-all' });
    expect(page.rows).toEqual([]);
    expect(page.pagination).toEqual({ page: 1, limit: 25, total: 0, pages: 0 });
  });

  it('combines the search with the verified filter and the sort, and counts what it shows', async () => {
    const verified = waitlist.filter((r) => r.email.toLowerCase().includes('example.com') && r.is_verified);
    const unverified = waitlist.filter(
      (r) => r.email.toLowerCase().includes('example.com') && !r.is_verified,
    );
    const asc = (rows: WaitlistSeed[]) => [...rows].sort(compareBy<WaitlistSeed>((r) => r.created_at));

    const v = await listPage<{ id: string; isVerified: boolean }>(ctx, admin, 'waitlist', {
      search: 'EXAMPLE.COM',
      verified: 'true',
      sort: 'createdAt',
      order: 'asc',
    });
    expect(v.rows.map((r) => r.id)).toEqual(asc(verified).map((r) => r.id));
    expect(v.rows.every((r) => r.isVerified)).toBe(true);
    expect(v.pagination.total).toBe(verified.length);

    const u = await readAllPages<{ id: string }>(
      ctx,
      admin,
      'waitlist',
      { search: 'example.com', verified: 'false', sort: 'createdAt', order: 'asc' },
      2,
    );
    expect(u.map((r) => r.id)).toEqual(asc(unverified).map((r) => r.id));
    const second = await listPage(ctx, admin, 'waitlist', {
      search: 'example.com',
      verified: 'false',
      limit: 2,
      page: 2,
    });
    expect(second.pagination).toEqual({
      page: 2,
      limit: 2,
      total: unverified.length,
      pages: Math.ceil(unverified.length / 2),
    });
  });

  it('tells the same total on a full page, a partial page and a page past the end', async () => {
    const matches = waitlist.filter((r) => r.email.toLowerCase().includes('alice')).length;
    expect(matches).toBe(4);
    for (const [limit, page, rows] of [
      [4, 1, 4],
      [3, 1, 3],
      [3, 2, 1],
      [4, 2, 0],
      [2, 9, 0],
      [100, 1, 4],
    ] as const) {
      const served = await listPage(ctx, admin, 'waitlist', { search: 'alice', limit, page });
      expect(served.rows).toHaveLength(rows);
      expect(served.pagination).toEqual({ page, limit, total: matches, pages: Math.ceil(matches / limit) });
    }
  });

  it('sorts the matches by e-mail when asked', async () => {
    const matches = waitlist.filter((r) => r.email.includes('alice.smith'));
    const page = await listPage<{ id: string }>(ctx, admin, 'waitlist', {
      search: 'alice.smith',
      sort: 'email',
      order: 'asc',
    });
    // Same address twice: the tie is broken by id.
    expect(page.rows.map((r) => r.id)).toEqual(matches.map((r) => r.id).sort());
  });
});

describe('GET /data/vpn-requests search', () => {
  const matching = (term: string) =>
    newestFirst(
      vpnRequests.filter(
        (r) => r.user_email.toLowerCase().includes(term) || r.vpn_name.toLowerCase().includes(term),
      ),
    );

  it('matches the user e-mail or the VPN name, whatever the case', async () => {
    const expected = matching('nord');
    expect(expected).toHaveLength(3);
    expect(await searchIds('vpn-requests', 'nord')).toEqual(expected);
    expect(await searchIds('vpn-requests', 'NoRd')).toEqual(expected);
    expect(await searchIds('vpn-requests', 'nord.fan')).toEqual(matching('nord.fan'));
  });

  it('does not search the store link, the additional info or the request number', async () => {
    const ids = await searchIds('vpn-requests', 'nord');
    for (const r of vpnRequests.filter((x) =>
      /nord/i.test(x.playstore_link + x.additional_info + (x.request_number ?? '')),
    ))
      expect(ids).not.toContain(r.id);
    expect(await searchIds('vpn-requests', 'play.google')).toEqual([]);
  });

  it('takes % literally in the VPN name', async () => {
    expect(await searchIds('vpn-requests', '100%')).toEqual(matching('100%'));
    expect(matching('100%')).toHaveLength(1);
  });

  it('combines the search with the verified filter', async () => {
    const expected = newestFirst(
      vpnRequests.filter((r) => /nord/i.test(r.user_email + ' ' + r.vpn_name) && r.is_verified),
    );
    expect(expected).toHaveLength(2);
    expect(await searchIds('vpn-requests', 'nord', { verified: 'true' })).toEqual(expected);
  });

  it('sorts the matches by VPN name', async () => {
    const page = await listPage<{ vpnName: string }>(ctx, admin, 'vpn-requests', {
      search: 'vpn',
      sort: 'vpnName',
      order: 'desc',
    });
    const expected = vpnRequests
      .filter((r) => /vpn/i.test(r.user_email + ' ' + r.vpn_name))
      .map((r) => r.vpn_name)
      .sort()
      .reverse();
    expect(page.rows.map((r) => r.vpnName)).toEqual(expected);
    expect(page.pagination.total).toBe(expected.length);
  });
});

describe('GET /data/contacts search', () => {
  const matching = (term: string) =>
    newestFirst(
      contacts.filter((r) =>
        [r.email, r.name, r.subject].some((field) => field.toLowerCase().includes(term.toLowerCase())),
      ),
    );

  it('matches the e-mail, the name or the subject, whatever the case', async () => {
    const expected = matching('brien');
    // The name of Ann, the e-mail of Bea, the subject of Cid; not Dan's message.
    expect(expected).toHaveLength(3);
    expect(await searchIds('contacts', 'BRIEN')).toEqual(expected);
    expect(await searchIds('contacts', "o'brien")).toEqual(matching("o'brien"));
    expect(await searchIds('contacts', 'pricing for')).toEqual(matching('pricing for'));
  });

  it('does not search the message', async () => {
    expect(await searchIds('contacts', 'message only')).toEqual([]);
  });

  it('takes % and _ literally in the subject and the name', async () => {
    expect(await searchIds('contacts', '100%')).toEqual([contacts.find((c) => c.name === 'Eve')!.id]);
    expect(await searchIds('contacts', 'snake_')).toEqual([
      contacts.find((c) => c.name === 'snake_case')!.id,
    ]);
  });

  it('combines the search with the verified filter', async () => {
    expect(await searchIds('contacts', 'uptime', { verified: 'false' })).toEqual([
      contacts.find((c) => c.name === 'Fay')!.id,
    ]);
    expect(await searchIds('contacts', 'uptime', { verified: 'true' })).toEqual([
      contacts.find((c) => c.name === 'Eve')!.id,
    ]);
  });
});

describe('the verified filter', () => {
  const cases: [ListName, () => { id: string; is_verified: boolean; created_at: Date }[]][] = [
    ['waitlist', () => waitlist],
    ['vpn-requests', () => vpnRequests],
    ['contacts', () => contacts],
  ];

  it.each(cases)('GET /data/%s?verified=true lists the verified rows only, counted', async (list, rows) => {
    const expected = newestFirst(rows().filter((r) => r.is_verified));
    const page = await listPage<{ id: string; isVerified: boolean }>(ctx, admin, list, {
      verified: 'true',
      limit: 100,
    });
    expect(page.rows.map((r) => r.id)).toEqual(expected);
    expect(page.rows.every((r) => r.isVerified)).toBe(true);
    expect(page.pagination.total).toBe(expected.length);
  });

  it.each(cases)(
    'GET /data/%s?verified=false lists the unverified rows only, counted',
    async (list, rows) => {
      const expected = newestFirst(rows().filter((r) => !r.is_verified));
      const page = await listPage<{ id: string; isVerified: boolean }>(ctx, admin, list, {
        verified: 'false',
        limit: 100,
      });
      expect(page.rows.map((r) => r.id)).toEqual(expected);
      expect(page.rows.some((r) => r.isVerified)).toBe(false);
      expect(page.pagination.total).toBe(expected.length);
    },
  );

  it.each(cases)('GET /data/%s?verified=all lists every row, as no filter does', async (list, rows) => {
    const all = await listPage<{ id: string }>(ctx, admin, list, { verified: 'all', limit: 100 });
    const none = await listPage<{ id: string }>(ctx, admin, list, { limit: 100 });
    expect(all.rows.map((r) => r.id)).toEqual(newestFirst(rows()));
    expect(none).toEqual(all);
  });

  it.each(cases.flatMap(([list]) => ['yes', 'TRUE', '1', 'verified'].map((value) => [list, value] as const)))(
    'GET /data/%s refuses verified=%s with 400',
    async (list, value) => {
      const res = await adminCall(ctx, admin, 'GET', `/data/${list}?verified=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    },
  );
});
