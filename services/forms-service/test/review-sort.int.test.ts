/**
 * Sorting of the review lists: every whitelisted column in both orders, ties broken by id as the
 * server does, and the same order across pages. Sorted text is lower-case letters only, with
 * e-mail local parts of one length, so the expected order holds under any database collation.
 */
import {
  compareBy,
  createOperator,
  createReviewContext,
  listPage,
  readAllPages,
  seedContacts,
  seedVpnRequests,
  seedWaitlist,
  seededRandom,
  adminCall,
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

const random = seededRandom(6);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const BASE = Date.parse('2026-03-01T10:00:00.000Z');
/** Few distinct instants for many rows, so created_at ties are common. */
const someInstant = () => new Date(BASE + Math.floor(random() * 9) * 60_000 + pick([0, 0, 1, 999]));
const LOCAL_PARTS = ['anna', 'bert', 'carl', 'dora', 'emil', 'fred', 'gina', 'hugo', 'ines'];
/** Same-length local parts, one domain: ties on the e-mail are common too. */
const someEmail = () => `${pick(LOCAL_PARTS)}@example.com`;
const VPN_NAMES = ['hola', 'nordvpn', 'nord', 'turbo', 'protonvpn', 'surfshark', 'windscribe'];

beforeAll(async () => {
  ctx = await createReviewContext('review_sort');
  admin = await createOperator(ctx, 'admin');
  // A verified address is unique on the waitlist: only an address's first row may be verified.
  const verifiedEmails = new Set<string>();
  waitlist = await seedWaitlist(
    ctx,
    Array.from({ length: 40 }, () => {
      const email = someEmail();
      const isVerified = !verifiedEmails.has(email) && random() < 0.7;
      if (isVerified) verifiedEmails.add(email);
      return {
        email,
        company: pick(['acme', null, 'zeta']),
        is_verified: isVerified,
        created_at: someInstant(),
      };
    }),
  );
  vpnRequests = await seedVpnRequests(
    ctx,
    Array.from({ length: 40 }, () => ({
      vpn_name: pick(VPN_NAMES),
      user_email: someEmail(),
      is_verified: random() < 0.5,
      created_at: someInstant(),
    })),
  );
  contacts = await seedContacts(
    ctx,
    Array.from({ length: 40 }, () => ({
      email: someEmail(),
      name: pick(['Zoe', 'adam', 'Ben']),
      is_verified: random() < 0.5,
      created_at: someInstant(),
    })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

type SortCase<T extends { id: string }> = [sort: string, key: (row: T) => string | Date];

function expectedIds<T extends { id: string }>(rows: T[], key: (row: T) => string | Date, order: string) {
  const sorted = [...rows].sort(compareBy(key));
  if (order === 'desc') sorted.reverse();
  return sorted.map((r) => r.id);
}

function describeSorting<T extends { id: string; is_verified: boolean }>(
  list: ListName,
  rows: () => T[],
  cases: SortCase<T>[],
) {
  describe(`GET /data/${list} sorting`, () => {
    const matrix = cases.flatMap(([sort, key]) =>
      (['asc', 'desc'] as const).map((order) => ({ sort, key, order })),
    );

    it.each(matrix)('orders by $sort $order, ties broken by id', async ({ sort, key, order }) => {
      const { rows: served, pagination } = await listPage<{ id: string }>(ctx, admin, list, {
        sort,
        order,
        limit: 100,
      });
      expect(pagination.total).toBe(rows().length);
      expect(served.map((r) => r.id)).toEqual(expectedIds(rows(), key, order));
    });

    it.each(matrix)('keeps the $sort $order order across pages of 7', async ({ sort, key, order }) => {
      const served = await readAllPages<{ id: string }>(ctx, admin, list, { sort, order }, 7);
      expect(served.map((r) => r.id)).toEqual(expectedIds(rows(), key, order));
    });

    it.each(matrix)(
      'orders the verified rows only by $sort $order when filtered',
      async ({ sort, key, order }) => {
        const { rows: served } = await listPage<{ id: string }>(ctx, admin, list, {
          sort,
          order,
          verified: 'true',
          limit: 100,
        });
        const verified = rows().filter((r) => r.is_verified);
        expect(verified.length).toBeGreaterThan(5);
        expect(served.map((r) => r.id)).toEqual(expectedIds(verified, key, order));
      },
    );

    it('sorts by createdAt desc when no sort or order is given', async () => {
      const { rows: served } = await listPage<{ id: string }>(ctx, admin, list, { limit: 100 });
      expect(served.map((r) => r.id)).toEqual(expectedIds(rows(), cases[0]![1], 'desc'));
    });

    it('takes order=asc alone with the default column', async () => {
      const { rows: served } = await listPage<{ id: string }>(ctx, admin, list, { order: 'asc', limit: 100 });
      expect(served.map((r) => r.id)).toEqual(expectedIds(rows(), cases[0]![1], 'asc'));
    });
  });
}

describeSorting<WaitlistSeed>('waitlist', () => waitlist, [
  ['createdAt', (r) => r.created_at],
  ['email', (r) => r.email],
]);
describeSorting<VpnRequestSeed>('vpn-requests', () => vpnRequests, [
  ['createdAt', (r) => r.created_at],
  ['vpnName', (r) => r.vpn_name],
  ['userEmail', (r) => r.user_email],
]);
describeSorting<ContactSeed>('contacts', () => contacts, [
  ['createdAt', (r) => r.created_at],
  ['email', (r) => r.email],
]);

describe('sort and order values outside the whitelist', () => {
  it.each([
    ['waitlist', 'company'],
    ['waitlist', 'created_at'],
    ['waitlist', 'id'],
    ['waitlist', 'isVerified'],
    ['vpn-requests', 'email'],
    ['vpn-requests', 'vpn_name'],
    ['vpn-requests', 'status'],
    ['contacts', 'name'],
    ['contacts', 'vpnName'],
    ['contacts', 'email; drop table contact_forms'],
    ['logs', 'email'],
    ['logs', 'action'],
  ])('GET /data/%s refuses sort=%s with 400', async (list, sort) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/${list}?sort=${encodeURIComponent(sort)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });

  it.each(['DESC', 'ascending', 'random', ''])('refuses order=%j with 400', async (order) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/waitlist?order=${order}`);
    expect(res.statusCode).toBe(400);
  });

  it('leaves the tables in place after a sort that looks like SQL', async () => {
    expect((await listPage(ctx, admin, 'contacts', { limit: 1 })).pagination.total).toBe(contacts.length);
  });
});
