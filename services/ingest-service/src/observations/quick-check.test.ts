import { observationSchema } from '@tunnelscope/contracts';
import { quickObservation } from './quick-check.js';

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ABSENT = Symbol('absent');
const names = [
  'Nord VPN',
  '  padded  ',
  '',
  '   ',
  'x'.repeat(100),
  'x'.repeat(101),
  ` ${'x'.repeat(100)} `,
  '\u00a0non-breaking\u00a0',
  7,
  null,
  ['Nord'],
  ABSENT,
];
const ips = [
  '185.159.157.10',
  '10.0.0.1',
  'not-an-ip',
  '2a02:6ea0::2',
  'x'.repeat(64),
  'x'.repeat(65),
  1,
  null,
  ABSENT,
];
const instants = [
  '2026-11-24T12:00:00Z',
  '2026-11-24T12:00:00.123Z',
  '2026-11-24T12:00:00.123456789+01:00',
  '2026-11-24T12:00:00-05:30',
  '2026-11-24T23:59:59+23:59',
  '2026-11-24T12:00:00+24:00',
  '2026-11-24T12:00Z',
  '2026-11-24T24:00:00Z',
  '2026-11-24T12:60:00Z',
  '2026-11-24T12:00:60Z',
  '2026-11-24 12:00:00Z',
  '2026-11-24T12:00:00z',
  '2026-11-24T12:00:00',
  '2026-11-24T12:00:00.Z',
  '2026-11-24T12:00:00Z\n',
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '2100-02-29T00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-12-31T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-01-00T00:00:00Z',
  '0000-02-29T00:00:00Z',
  '+02026-11-24T12:00:00Z',
  1764000000000,
  null,
  ABSENT,
];
const locations = [
  { country: 'NL', city: 'Amsterdam' },
  { country: 'NL', city: '  Den Haag ' },
  { country: 'nl', city: 'Amsterdam' },
  { country: 'NLD', city: 'Amsterdam' },
  { country: 'NL', city: '' },
  { country: 'NL', city: 'x'.repeat(101) },
  { country: 'NL' },
  { city: 'Amsterdam' },
  { country: 'NL', city: 'Amsterdam', region: 'NH' },
  { country: 'NL', city: 'Amsterdam', extra: undefined },
  { country: 'NL', city: 7 },
  Object.assign(Object.create(null) as object, { country: 'NL', city: 'Amsterdam' }),
  ['NL', 'Amsterdam'],
  'NL',
  null,
  undefined,
  ABSENT,
];
const protocols = ['wireguard', ' openvpn ', '', 'x'.repeat(32), 'x'.repeat(33), 5, null, undefined, ABSENT];
const extras = [ABSENT, ABSENT, ABSENT, 1, undefined];

/** Half the time the list's first (well-formed) value, so whole items are often well-formed too. */
function pick<T>(next: () => number, list: readonly T[]): T {
  if (next() < 0.5) return list[0]!;
  return list[Math.floor(next() * list.length)]!;
}

function item(next: () => number): unknown {
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== ABSENT) out[key] = value;
  };
  set('vpn', pick(next, names));
  set('vendor', pick(next, names));
  set('ip', pick(next, ips));
  set('observedAt', pick(next, instants));
  set('location', pick(next, locations));
  set('protocol', pick(next, protocols));
  set('extra', pick(next, extras));
  return out;
}

describe('quickObservation', () => {
  it('accepts a plainly well-formed observation as zod would, trimmed', () => {
    const observation = {
      vpn: ' Nord VPN ',
      vendor: 'Nord Security',
      ip: '185.159.157.10',
      observedAt: '2026-11-24T12:00:00.000Z',
      location: { country: 'NL', city: 'Amsterdam ' },
      protocol: 'wireguard',
    };
    expect(quickObservation(observation)).toEqual(observationSchema.parse(observation));
    expect(quickObservation(observation)?.vpn).toBe('Nord VPN');
  });

  it('never accepts what zod refuses, and accepts with exactly zod’s value (30,000 mutated items)', () => {
    const next = random(20261126);
    let accepted = 0;
    for (let n = 0; n < 30_000; n++) {
      const candidate = item(next);
      const quick = quickObservation(candidate);
      if (quick === undefined) continue;
      accepted++;
      const parsed = observationSchema.safeParse(candidate);
      if (!parsed.success) throw new Error(`accepted what zod refuses: ${JSON.stringify(candidate)}`);
      expect(quick).toEqual(parsed.data);
    }
    // The fast path must actually be taken for a fair share of the well-formed items.
    expect(accepted).toBeGreaterThan(1000);
  });

  it.each([
    ['a string', 'x'],
    ['null', null],
    ['an array', []],
    ['an object without a plain prototype', Object.create(null)],
  ])('leaves %s to zod', (_what, value) => {
    expect(quickObservation(value)).toBeUndefined();
  });
});
