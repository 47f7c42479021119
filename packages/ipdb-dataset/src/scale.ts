/** How big a dataset is. `small` is for tests (seconds), `large` for benchmarks (minutes). */
export interface ScaleConfig {
  name: string;
  vendors: number;
  vpns: number;
  /** Rows of `ips`: every address the database tracks (VPN, Tor and proxy). */
  ips: number;
  /** Expected rows of `subdomains` (the generator hits it within a fraction of a percent). */
  subdomains: number;
  /** Shares of `ips` that are Tor relays and open proxies rather than VPN servers. */
  torShare: number;
  proxyShare: number;
  /** Share of `ips` that are IPv6 addresses (VPN, Tor and proxy alike); the rest are IPv4. */
  ipv6Share: number;
  /** Months of history, the last one being the month of the reference date. */
  months: number;
}

export const SCALES = {
  small: {
    name: 'small',
    vendors: 20,
    vpns: 50,
    ips: 10_000,
    subdomains: 2_500,
    torShare: 0.015,
    proxyShare: 0.035,
    ipv6Share: 0.05,
    months: 24,
  },
  large: {
    name: 'large',
    vendors: 100,
    vpns: 300,
    ips: 2_000_000,
    subdomains: 505_000,
    torShare: 0.015,
    proxyShare: 0.035,
    ipv6Share: 0.05,
    months: 24,
  },
} as const satisfies Record<string, ScaleConfig>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(value: string): value is ScaleName {
  return Object.hasOwn(SCALES, value);
}
