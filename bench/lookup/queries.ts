/**
 * The query mix: address strings as clients send them. Per family, 60 % inside a network of the
 * data (hits), 25 % uniformly random (hits, misses and bogons as they fall), 15 % in the
 * special-purpose blocks (bogons); a twentieth of the IPv4 hits written IPv4-mapped (::ffff:a.b.c.d).
 * Seeded, so every run asks the same addresses.
 */
import { Rng } from '@tunnelscope/ipdb-dataset';
import { formatIPv4, formatIPv6, type Family, type Span } from '@tunnelscope/ip-index';

const BOGONS_V4: Array<[number, number]> = [
  [0x0a000000, 8], // 10/8
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16
  [0x64400000, 10], // 100.64/10
  [0xc0000200, 24], // 192.0.2/24
  [0xe0000000, 4], // 224/4
];
const BOGONS_V6 = ['fe80::', 'fc00::', 'fd12:3456::', '2001:db8::', 'ff02::', '::1', '2002::', '64:ff9b::'];

function randomBig(rng: Rng, below: bigint): bigint {
  const r =
    (BigInt(rng.u32()) << 96n) | (BigInt(rng.u32()) << 64n) | (BigInt(rng.u32()) << 32n) | BigInt(rng.u32());
  return r % below;
}

function v6Text(value: bigint): string {
  return formatIPv6([96n, 64n, 32n, 0n].map((s) => Number((value >> s) & 0xffffffffn)));
}

export function makeQueries(family: Family, pieces: Span[], count: number, seed: number): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    if (roll < 0.6) {
      const piece = pieces[rng.int(pieces.length)]!;
      const value = piece.start + randomBig(rng, piece.end - piece.start + 1n);
      if (family === 4) {
        const text = formatIPv4(Number(value));
        out.push(rng.chance(0.05) ? `::ffff:${text}` : text);
      } else {
        out.push(v6Text(value));
      }
    } else if (roll < 0.85) {
      out.push(family === 4 ? formatIPv4(rng.u32()) : v6Text((0x2n << 124n) | randomBig(rng, 1n << 125n)));
    } else if (family === 4) {
      const [base, prefix] = BOGONS_V4[rng.int(BOGONS_V4.length)]!;
      out.push(formatIPv4((base + rng.int(2 ** (32 - prefix))) >>> 0));
    } else {
      const base = BOGONS_V6[rng.int(BOGONS_V6.length)]!;
      out.push(
        base === '::1' ? base : `${base}${rng.int(0xffff).toString(16)}:${rng.int(0xffff).toString(16)}`,
      );
    }
  }
  // Built by concatenation, these are rope strings; a server reads flat ones off the socket.
  return JSON.parse(JSON.stringify(out)) as string[];
}
