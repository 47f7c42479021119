/**
 * A small DetectionIndex for the HTTP suites: a real object implementing the interface, answering
 * from a table of known addresses (anything else that parses is a plain public address), so the
 * routes are tested apart from the index build. The index has suites of its own.
 */
import type { DetectionAnswer } from '@tunnelscope/contracts';
import { parseAddress } from '@tunnelscope/ip-index';
import type { DetectionIndex } from '../src/index/detection-index.js';

export const KNOWN_VPN_IP = '185.159.157.13';

function answer(ip: string, over: Partial<DetectionAnswer> = {}): DetectionAnswer {
  return {
    ip,
    vendor: null,
    is_vpn: false,
    is_proxy: false,
    country: 'US',
    region: null,
    city: null,
    company: null,
    asn: null,
    network: null,
    vpn: null,
    is_tor: false,
    is_relay: false,
    is_hosting: false,
    is_anonymous: false,
    bogon: false,
    confidence: 0,
    evidence: [],
    first_seen: null,
    last_seen: null,
    sources: [],
    ...over,
  };
}

export class FakeIndex implements DetectionIndex {
  ready = true;
  dataVersion: { version: number; date: string } | null = { version: 7, date: '2026-11-25' };
  swaps = 0;
  readonly asked: string[] = [];

  lookup(ip: string, options?: { maxAgeDays?: number }): DetectionAnswer | { invalid: string } {
    this.asked.push(ip);
    const parsed = parseAddress(ip);
    if (!parsed) return { invalid: 'not one IPv4 or IPv6 address' };
    if (ip === KNOWN_VPN_IP) {
      const stale = options?.maxAgeDays !== undefined && options.maxAgeDays < 30;
      return answer(ip, {
        vendor: 'Proton AG',
        vpn: 'ProtonVPN',
        is_vpn: !stale,
        is_anonymous: !stale,
        country: 'CH',
        network: '185.159.157.0/24',
        confidence: stale ? 0 : 95,
        evidence: stale ? ['stale_detection'] : ['vpn_exit_observed', 'collector', 'seen_recently'],
        first_seen: '2026-01-02',
        last_seen: '2026-10-20',
        sources: stale ? [] : [{ flag: 'vpn', source: 'collector', provider: null, last_seen: '2026-10-20' }],
      });
    }
    if (ip.startsWith('10.') || ip === '127.0.0.1' || ip === '::1') {
      return answer(ip, { bogon: true, country: null, evidence: ['special_purpose'] });
    }
    return answer(ip);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  currentSnapshot() {
    return null;
  }
}
