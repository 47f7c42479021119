/** Bad input of any kind gets a 4xx JSON answer with a message a person can read, never a 5xx. */
import { GATEWAY_TOKEN_HEADER } from '@tunnelscope/service-kit';
import {
  createTestContext,
  nextIp,
  post,
  uniqueEmail,
  validContact,
  validVpnRequest,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('hardening');
});
afterAll(async () => {
  await ctx?.close();
});

async function rowCounts() {
  const count = async (table: 'waitlist_entries' | 'vpn_requests' | 'contact_forms') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    waitlist: await count('waitlist_entries'),
    vpn: await count('vpn_requests'),
    contact: await count('contact_forms'),
  };
}

function expectClientError(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('POST /api/waitlist', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await post(ctx, '/api/waitlist', '{"email": "a@example.com",', { raw: true, ip: nextIp() });
    expectClientError(res, 400, 'Malformed JSON body');
  });

  it('answers an empty body with the first missing field in the spec words', async () => {
    const res = await post(ctx, '/api/waitlist', '', { raw: true, ip: nextIp() });
    expectClientError(res, 400, 'Valid email address is required');
  });

  it('answers a JSON array or string body like an empty one', async () => {
    expectClientError(
      await post(ctx, '/api/waitlist', [], { ip: nextIp() }),
      400,
      'Valid email address is required',
    );
    expectClientError(
      await post(ctx, '/api/waitlist', 'a@example.com', { ip: nextIp() }),
      400,
      'Valid email address is required',
    );
  });

  it('refuses unknown fields instead of dropping them', async () => {
    const res = await post(
      ctx,
      '/api/waitlist',
      { email: uniqueEmail(), isVerified: true },
      { ip: nextIp() },
    );
    expectClientError(res, 400, /isVerified/);
  });

  it('refuses wrong types with the spec message', async () => {
    expectClientError(
      await post(ctx, '/api/waitlist', { email: 42 }, { ip: nextIp() }),
      400,
      'Valid email address is required',
    );
    expectClientError(
      await post(ctx, '/api/waitlist', { email: ['a@example.com'] }, { ip: nextIp() }),
      400,
      'Valid email address is required',
    );
    expectClientError(
      await post(ctx, '/api/waitlist', { email: uniqueEmail(), company: { name: 'x' } }, { ip: nextIp() }),
      400,
      /Company|Invalid/,
    );
  });

  it('refuses a body larger than 16 KB with 413', async () => {
    const res = await post(
      ctx,
      '/api/waitlist',
      { email: uniqueEmail(), company: 'x'.repeat(20_000) },
      { ip: nextIp() },
    );
    expectClientError(res, 413, 'Request body is too large');
  });

  it('refuses a non-JSON content type with 415', async () => {
    const res = await post(ctx, '/api/waitlist', 'email=a@example.com', {
      raw: true,
      ip: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectClientError(res, 415, 'Content-Type must be application/json');
  });

  it('refuses prototype pollution keys', async () => {
    const res = await post(ctx, '/api/waitlist', '{"email":"a@example.com","__proto__":{"admin":true}}', {
      raw: true,
      ip: nextIp(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses e-mail addresses hiding NUL, zero-width or bidi characters', async () => {
    const before = await rowCounts();
    for (const email of [
      'a\u0000b@example.com',
      'a\u200b@example.com',
      'ad\u202emin@example.com',
      'a@exam\ufeffple.com',
    ]) {
      expectClientError(
        await post(ctx, '/api/waitlist', { email }, { ip: nextIp() }),
        400,
        'Valid email address is required',
      );
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a company hiding a bidi override or NUL with the field message', async () => {
    for (const company of ['Acme\u202eevil', 'Acme\u0000', 'Ac\u2066me']) {
      expectClientError(
        await post(ctx, '/api/waitlist', { email: uniqueEmail(), company }, { ip: nextIp() }),
        400,
        'Company contains invalid characters',
      );
    }
  });

  it('accepts names and companies with apostrophes and ampersands', async () => {
    const res = await post(
      ctx,
      '/api/waitlist',
      { email: uniqueEmail(), company: "O'Brien & Sons, Inc." },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/vpn-request', () => {
  it('refuses a Play Store link with a NUL, a bidi override or a space, storing nothing', async () => {
    const before = await rowCounts();
    for (const tail of ['\u0000', '\u202e', ' x', '\u200b']) {
      const body = {
        ...validVpnRequest(uniqueEmail()),
        playstoreLink: `https://play.google.com/store/apps/details?id=a${tail}`,
      };
      expectClientError(
        await post(ctx, '/api/vpn-request', body, { ip: nextIp() }),
        400,
        'Must be a valid URL',
      );
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a VPN name with control characters', async () => {
    const body = { ...validVpnRequest(uniqueEmail()), vpnName: 'Turbo\u0007VPN' };
    expectClientError(
      await post(ctx, '/api/vpn-request', body, { ip: nextIp() }),
      400,
      'VPN name contains invalid characters',
    );
  });
});

describe('POST /api/contact', () => {
  it('refuses NUL in a message but keeps its line breaks valid', async () => {
    expectClientError(
      await post(
        ctx,
        '/api/contact',
        { ...validContact(uniqueEmail()), message: 'Hello there\u0000 team' },
        { ip: nextIp() },
      ),
      400,
      'Message contains invalid characters',
    );
    const ok = await post(
      ctx,
      '/api/contact',
      { ...validContact(uniqueEmail()), message: 'Hello there,\nteam.\r\nThanks' },
      { ip: nextIp() },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a message over 2000 characters with the spec message', async () => {
    expectClientError(
      await post(
        ctx,
        '/api/contact',
        { ...validContact(uniqueEmail()), message: 'x'.repeat(2001) },
        { ip: nextIp() },
      ),
      400,
      'Message must not exceed 2000 characters',
    );
  });

  it('refuses a non-boolean marketing choice', async () => {
    expectClientError(
      await post(
        ctx,
        '/api/contact',
        { ...validContact(uniqueEmail()), hasMarketing: 'yes' },
        { ip: nextIp() },
      ),
      400,
      'hasMarketing must be true or false',
    );
  });
});

describe('client address', () => {
  async function lastLogIp(email: string) {
    const row = await ctx.db
      .selectFrom('registration_logs')
      .select('ip_address')
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.ip_address;
  }

  it('records the X-Forwarded-For address when the gateway token vouches for it', async () => {
    const email = uniqueEmail('xff');
    await post(ctx, '/api/waitlist', { email }, { ip: '203.0.113.77' });
    expect(await lastLogIp(email)).toBe('203.0.113.77');
  });

  it('ignores a spoofed X-Forwarded-For without the gateway token', async () => {
    const email = uniqueEmail('spoof');
    const res = await post(
      ctx,
      '/api/waitlist',
      { email },
      { headers: { 'x-forwarded-for': '203.0.113.99' } },
    );
    expect(res.statusCode).toBe(200);
    expect(await lastLogIp(email)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For with a wrong gateway token', async () => {
    const email = uniqueEmail('wrongtoken');
    await post(
      ctx,
      '/api/waitlist',
      { email },
      { headers: { 'x-forwarded-for': '203.0.113.98', [GATEWAY_TOKEN_HEADER]: 'not-the-secret' } },
    );
    expect(await lastLogIp(email)).toBe('127.0.0.1');
  });
});

describe('unknown routes', () => {
  it('answer 404 in the one JSON error shape', async () => {
    const res = await post(ctx, '/api/nope', {}, { ip: nextIp() });
    expectClientError(res, 404, /not found/);
  });
});
