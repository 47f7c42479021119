import type { z } from 'zod';
import {
  checkWaitlistEmailRequestSchema,
  contactRequestSchema,
  securityLogRequestSchema,
  verifyOtpRequestSchema,
  vpnRequestSchema,
  waitlistRequestSchema,
} from './public-api.js';

const UUID = '3f2b8c1e-9d4a-4c6b-8e7f-1a2b3c4d5e6f';
const PLAY_URL = 'https://play.google.com/store/apps/details?id=com.example.vpn&hl=en';
const PREFIX = 'https://play.google.com/store/';
const CONSENT = 'You must agree to data processing to send your message.';
const x = (n: number) => 'x'.repeat(n);
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

const valid = {
  checkEmail: { email: 'ann@example.com' },
  waitlist: { email: 'ann@example.com', company: 'AT&T', useCase: 'fraud-prevention' },
  verify: { requestId: UUID, otpCode: '123456' },
  contact: {
    name: 'Ann Lee',
    email: 'ann@example.com',
    subject: 'Pricing',
    message: 'Hello, please call me.',
    consent: true,
  },
  vpn: {
    vpnName: 'Nord VPN',
    playstoreLink: PLAY_URL,
    userEmail: 'ann@example.com',
    additionalInfo: 'Popular in EU',
  },
  securityLog: { type: 'VALIDATION_ERROR', details: { field: 'name' }, timestamp: '2026-01-01T00:00:00Z' },
};

const SCHEMAS = {
  checkEmail: checkWaitlistEmailRequestSchema,
  waitlist: waitlistRequestSchema,
  verify: verifyOtpRequestSchema,
  contact: contactRequestSchema,
  vpn: vpnRequestSchema,
  securityLog: securityLogRequestSchema,
} satisfies Record<keyof typeof valid, z.ZodType>;
type SchemaName = keyof typeof SCHEMAS;

function parse(name: SchemaName, patch: Record<string, unknown> = {}) {
  return SCHEMAS[name].safeParse({ ...valid[name], ...patch });
}

/** The first message reported for `field`, or undefined when the field passed. */
function messageFor(name: SchemaName, patch: Record<string, unknown>, field: string): string | undefined {
  const result = parse(name, patch);
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('every valid example passes', () => {
  it.each(Object.keys(SCHEMAS) as SchemaName[])('%s', (name) => {
    expect(parse(name).success).toBe(true);
  });
});

describe("the spec's server-facing messages", () => {
  it.each<[string, SchemaName, Record<string, unknown>, string, string]>([
    [
      'waitlist: e-mail missing',
      'waitlist',
      { email: undefined },
      'email',
      'Valid email address is required',
    ],
    ['waitlist: e-mail malformed', 'waitlist', { email: 'ann@' }, 'email', 'Valid email address is required'],
    [
      'waitlist: e-mail with a space',
      'waitlist',
      { email: 'ann lee@example.com' },
      'email',
      'Valid email address is required',
    ],
    [
      'e-mail check: e-mail malformed',
      'checkEmail',
      { email: 'nope' },
      'email',
      'Valid email address is required',
    ],
    ['code check: request id not a uuid', 'verify', { requestId: 'abc' }, 'requestId', 'Invalid request ID'],
    ['code check: request id empty', 'verify', { requestId: '' }, 'requestId', 'Invalid request ID'],
    ['code check: request id missing', 'verify', { requestId: undefined }, 'requestId', 'Invalid request ID'],
    [
      'code check: uuid without dashes',
      'verify',
      { requestId: UUID.replaceAll('-', '') },
      'requestId',
      'Invalid request ID',
    ],
    ['code check: five digits', 'verify', { otpCode: '12345' }, 'otpCode', 'OTP must be exactly 6 digits'],
    ['code check: seven digits', 'verify', { otpCode: '1234567' }, 'otpCode', 'OTP must be exactly 6 digits'],
    ['code check: code missing', 'verify', { otpCode: undefined }, 'otpCode', 'OTP must be exactly 6 digits'],
    ['code check: a letter', 'verify', { otpCode: '12345a' }, 'otpCode', 'OTP must contain only numbers'],
    [
      'code check: non-ASCII digits',
      'verify',
      { otpCode: '١٢٣٤٥٦' },
      'otpCode',
      'OTP must contain only numbers',
    ],
    ['contact: e-mail malformed', 'contact', { email: 'ann' }, 'email', 'Valid email address is required'],
    [
      'contact: message of 9 characters',
      'contact',
      { message: x(9) },
      'message',
      'Message must be at least 10 characters',
    ],
    [
      'contact: message blank after trimming',
      'contact',
      { message: `  ${x(8)}  ` },
      'message',
      'Message must be at least 10 characters',
    ],
    [
      'contact: message of 2001 characters',
      'contact',
      { message: x(2001) },
      'message',
      'Message must not exceed 2000 characters',
    ],
    ['contact: name empty', 'contact', { name: '   ' }, 'name', 'Name is required'],
    ['contact: name missing', 'contact', { name: undefined }, 'name', 'Name is required'],
    ['contact: subject empty', 'contact', { subject: '' }, 'subject', 'Subject is required'],
    ['contact: consent false', 'contact', { consent: false }, 'consent', CONSENT],
    ['contact: consent missing', 'contact', { consent: undefined }, 'consent', CONSENT],
    ['contact: consent as a string', 'contact', { consent: 'true' }, 'consent', CONSENT],
    ['vpn: name empty', 'vpn', { vpnName: '' }, 'vpnName', 'VPN name is required'],
    ['vpn: name blank', 'vpn', { vpnName: '   ' }, 'vpnName', 'VPN name is required'],
    ['vpn: link empty', 'vpn', { playstoreLink: '' }, 'playstoreLink', 'Google Play Store link is required'],
    [
      'vpn: link missing',
      'vpn',
      { playstoreLink: undefined },
      'playstoreLink',
      'Google Play Store link is required',
    ],
    ['vpn: link not a URL', 'vpn', { playstoreLink: 'play store' }, 'playstoreLink', 'Must be a valid URL'],
    [
      'vpn: link with a space',
      'vpn',
      { playstoreLink: `${PREFIX}apps a` },
      'playstoreLink',
      'Must be a valid URL',
    ],
    [
      'vpn: link on another scheme',
      'vpn',
      { playstoreLink: 'ftp://play.google.com/store/' },
      'playstoreLink',
      'Must be a valid URL',
    ],
    [
      'vpn: link on another host',
      'vpn',
      { playstoreLink: 'https://example.com/store/apps' },
      'playstoreLink',
      'Must be a Google Play Store link starting with https://play.google.com/store/',
    ],
    [
      'vpn: link on a look-alike host',
      'vpn',
      { playstoreLink: 'https://play.google.com.evil.example/store/' },
      'playstoreLink',
      'Must be a Google Play Store link starting with https://play.google.com/store/',
    ],
    [
      'vpn: link over plain http',
      'vpn',
      { playstoreLink: 'http://play.google.com/store/apps' },
      'playstoreLink',
      'Must be a Google Play Store link starting with https://play.google.com/store/',
    ],
    [
      'vpn: user e-mail malformed',
      'vpn',
      { userEmail: 'ann@example' },
      'userEmail',
      'Valid email address is required',
    ],
    [
      'vpn: additional info empty',
      'vpn',
      { additionalInfo: '' },
      'additionalInfo',
      'Additional information is required',
    ],
    [
      'vpn: additional info missing',
      'vpn',
      { additionalInfo: undefined },
      'additionalInfo',
      'Additional information is required',
    ],
  ])('%s', (_label, name, patch, field, message) => {
    expect(messageFor(name, patch, field)).toBe(message);
  });
});

describe('edge lengths: the maximum passes, one more is refused', () => {
  it.each<[string, SchemaName, string, string, string, string]>([
    [
      'waitlist e-mail (254)',
      'waitlist',
      'email',
      emailOfLength(254),
      emailOfLength(255),
      'Valid email address is required',
    ],
    [
      'waitlist company (100)',
      'waitlist',
      'company',
      x(100),
      x(101),
      'Company must not exceed 100 characters',
    ],
    [
      'waitlist use case (500)',
      'waitlist',
      'useCase',
      x(500),
      x(501),
      'Use case must not exceed 500 characters',
    ],
    ['contact name (100)', 'contact', 'name', x(100), x(101), 'Name must not exceed 100 characters'],
    ['contact subject (200)', 'contact', 'subject', x(200), x(201), 'Subject must not exceed 200 characters'],
    [
      'contact message (2000)',
      'contact',
      'message',
      x(2000),
      x(2001),
      'Message must not exceed 2000 characters',
    ],
    [
      'contact message minimum (10)',
      'contact',
      'message',
      x(10),
      x(9),
      'Message must be at least 10 characters',
    ],
    ['vpn name (100)', 'vpn', 'vpnName', x(100), x(101), 'VPN name must not exceed 100 characters'],
    [
      'vpn link (2048)',
      'vpn',
      'playstoreLink',
      PREFIX + x(2048 - PREFIX.length),
      PREFIX + x(2049 - PREFIX.length),
      'Must be a valid URL',
    ],
    [
      'vpn additional info (2000)',
      'vpn',
      'additionalInfo',
      x(2000),
      x(2001),
      'Additional information must not exceed 2000 characters',
    ],
    ['code (6)', 'verify', 'otpCode', '123456', '1234567', 'OTP must be exactly 6 digits'],
  ])('%s', (_label, name, field, atLimit, overLimit, message) => {
    expect(parse(name, { [field]: atLimit }).success).toBe(true);
    expect(messageFor(name, { [field]: overLimit }, field)).toBe(message);
  });
});

describe('unknown fields are refused (strict objects)', () => {
  it.each(Object.keys(SCHEMAS) as SchemaName[])('%s', (name) => {
    const result = parse(name, { isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['isAdmin'], path: [] }),
    ]);
  });
});

describe('wrong types are refused with the field message', () => {
  it.each<[string, SchemaName, Record<string, unknown>, string, string]>([
    ['e-mail as a number', 'waitlist', { email: 42 }, 'email', 'Valid email address is required'],
    [
      'e-mail as an array',
      'checkEmail',
      { email: ['ann@example.com'] },
      'email',
      'Valid email address is required',
    ],
    ['company as a number', 'waitlist', { company: 42 }, 'company', 'Company must be a string'],
    ['use case as an object', 'waitlist', { useCase: {} }, 'useCase', 'Use case must be a string'],
    ['request id as a number', 'verify', { requestId: 1 }, 'requestId', 'Invalid request ID'],
    ['code as a number', 'verify', { otpCode: 123456 }, 'otpCode', 'OTP must be exactly 6 digits'],
    ['name as a number', 'contact', { name: 7 }, 'name', 'Name is required'],
    ['subject as null', 'contact', { subject: null }, 'subject', 'Subject is required'],
    [
      'message as an object',
      'contact',
      { message: { text: 'hello there' } },
      'message',
      'Message must be at least 10 characters',
    ],
    ['consent as 1', 'contact', { consent: 1 }, 'consent', CONSENT],
    [
      'hasMarketing as a string',
      'contact',
      { hasMarketing: 'yes' },
      'hasMarketing',
      'hasMarketing must be true or false',
    ],
    ['vpn name as a number', 'vpn', { vpnName: 1 }, 'vpnName', 'VPN name is required'],
    ['link as a number', 'vpn', { playstoreLink: 1 }, 'playstoreLink', 'Google Play Store link is required'],
    [
      'additional info as a boolean',
      'vpn',
      { additionalInfo: true },
      'additionalInfo',
      'Additional information is required',
    ],
  ])('%s', (_label, name, patch, field, message) => {
    expect(messageFor(name, patch, field)).toBe(message);
  });

  it('refuses a body that is not an object', () => {
    for (const schema of Object.values(SCHEMAS)) {
      expect(schema.safeParse('email=ann@example.com').success).toBe(false);
      expect(schema.safeParse(null).success).toBe(false);
      expect(schema.safeParse([]).success).toBe(false);
    }
  });
});

describe('unicode tricks are refused', () => {
  const TRICKS: Array<[string, string]> = [
    ['a bidi override (U+202E)', '\u202e'],
    ['a zero-width space (U+200B)', '\u200b'],
    ['a byte-order mark inside (U+FEFF)', '\ufeff'],
    ['a NUL character', '\u0000'],
    ['a lone surrogate', '\ud800'],
  ];
  const FIELDS: Array<[SchemaName, string, (trick: string) => string, string]> = [
    ['contact', 'name', (t) => `Ann${t}Lee`, 'Name contains invalid characters'],
    ['contact', 'subject', (t) => `Pri${t}cing`, 'Subject contains invalid characters'],
    ['contact', 'message', (t) => `Hello there${t}, call me`, 'Message contains invalid characters'],
    ['contact', 'email', (t) => `ann${t}@example.com`, 'Valid email address is required'],
    ['waitlist', 'company', (t) => `Ac${t}me`, 'Company contains invalid characters'],
    ['waitlist', 'useCase', (t) => `fraud${t}-prevention`, 'Use case contains invalid characters'],
    ['vpn', 'vpnName', (t) => `Nord${t}VPN`, 'VPN name contains invalid characters'],
    [
      'vpn',
      'additionalInfo',
      (t) => `Popular${t} in EU`,
      'Additional information contains invalid characters',
    ],
    ['vpn', 'playstoreLink', (t) => `${PREFIX}apps${t}/details?id=com.example.vpn`, 'Must be a valid URL'],
    ['vpn', 'userEmail', (t) => `ann@exa${t}mple.com`, 'Valid email address is required'],
  ];
  const cases = FIELDS.flatMap(([name, field, build, message]) =>
    TRICKS.map(
      ([trick, char]) => [`${name}.${field} with ${trick}`, name, field, build(char), message] as const,
    ),
  );

  it.each(cases)('%s', (_label, name, field, value, message) => {
    expect(messageFor(name, { [field]: value }, field)).toBe(message);
  });

  it('refuses a line break in a single-line field', () => {
    expect(messageFor('contact', { name: 'Ann\nLee' }, 'name')).toBe('Name contains invalid characters');
  });

  it('accepts line breaks and tabs in a message', () => {
    expect(parse('contact', { message: 'Hello,\r\n\tplease call me.' }).success).toBe(true);
  });
});

describe('what the schemas hand on', () => {
  it('trims and NFC-normalizes text', () => {
    const result = contactRequestSchema.safeParse({
      ...valid.contact,
      name: '  Jose\u0301  ',
      subject: ' Hi ',
    });
    expect(result.success && [result.data.name, result.data.subject]).toEqual(['José', 'Hi']);
  });

  it('turns missing, null and blank optional waitlist fields into null', () => {
    for (const blank of [undefined, null, '', '   ']) {
      const result = parse('waitlist', { company: blank, useCase: blank });
      expect(result.success && result.data).toEqual({
        email: 'ann@example.com',
        company: null,
        useCase: null,
      });
    }
  });

  it('keeps AT&T and every Play Store URL as sent', () => {
    const result = vpnRequestSchema.safeParse({ ...valid.vpn, vpnName: "AT&T's VPN" });
    expect(result.success && [result.data.vpnName, result.data.playstoreLink]).toEqual([
      "AT&T's VPN",
      PLAY_URL,
    ]);
  });

  it('defaults hasMarketing to false', () => {
    const result = contactRequestSchema.safeParse(valid.contact);
    expect(result.success && result.data.hasMarketing).toBe(false);
  });

  it('refuses security-log details over 4096 bytes', () => {
    expect(messageFor('securityLog', { details: { blob: x(5000) } }, 'details')).toBe(
      'details must not exceed 4096 bytes',
    );
  });
});
