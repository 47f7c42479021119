/** IPv4 addresses as unsigned 32-bit numbers, the form the data packages' `-num` files use. */

export function ipv4ToNumber(text: string): number {
  const parts = text.split('.');
  if (parts.length !== 4) throw new Error(`not an IPv4 address: ${text}`);
  let n = 0;
  for (const part of parts) {
    const octet = Number(part);
    if (!/^\d{1,3}$/.test(part) || octet > 255) throw new Error(`not an IPv4 address: ${text}`);
    n = n * 256 + octet;
  }
  return n;
}

export function numberToIpv4(n: number): string {
  return `${Math.floor(n / 16777216) % 256}.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/**
 * The smallest list of CIDR blocks that covers [start, end] exactly (inclusive), as
 * `a.b.c.d/len` strings: the ranges of the data packages are not always aligned blocks.
 */
export function rangeToCidrs(start: number, end: number): string[] {
  if (start > end) throw new Error(`empty range ${start}-${end}`);
  const out: string[] = [];
  let cur = start;
  while (cur <= end) {
    // The largest block that starts at `cur` (alignment) and does not pass `end`.
    let size = 1;
    while (size < 2 ** 32 && cur % (size * 2) === 0 && cur + size * 2 - 1 <= end) size *= 2;
    out.push(`${numberToIpv4(cur)}/${32 - Math.log2(size)}`);
    cur += size;
  }
  return out;
}
