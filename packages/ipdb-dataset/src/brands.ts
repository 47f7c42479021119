/**
 * VPN vendors and their products: real-world brand names with the country each company is
 * commonly said to be based in. Which addresses, networks and hostnames the dataset gives them
 * is generated (README "What is real and what is generated"): it describes no real fleet.
 *
 * Ordered roughly by market presence; the generator gives earlier vendors larger fleets.
 */
export interface Brand {
  vendor: string;
  origin: string;
  /** Products (apps); a `!` suffix marks one discontinued during the 24 months. */
  products: string[];
}

export const BRANDS: readonly Brand[] = [
  { vendor: 'Nord Security', origin: 'LT', products: ['NordVPN', 'NordLayer', 'Atlas VPN!'] },
  {
    vendor: 'Kape Technologies',
    origin: 'GB',
    products: ['ExpressVPN', 'CyberGhost VPN', 'Private Internet Access', 'ZenMate VPN'],
  },
  { vendor: 'Surfshark', origin: 'NL', products: ['Surfshark VPN'] },
  { vendor: 'Proton AG', origin: 'CH', products: ['Proton VPN'] },
  {
    vendor: 'Gen Digital',
    origin: 'US',
    products: ['Norton Secure VPN', 'Avast SecureLine VPN', 'AVG Secure VPN', 'HMA VPN'],
  },
  { vendor: 'Aura', origin: 'US', products: ['Hotspot Shield', 'Betternet', 'Touch VPN', 'VPN 360'] },
  { vendor: 'Ziff Davis', origin: 'US', products: ['IPVanish', 'StrongVPN', 'SaferVPN', 'Encrypt.me'] },
  { vendor: 'Innovative Connecting', origin: 'SG', products: ['Turbo VPN', 'VPN Proxy Master', 'Snap VPN'] },
  { vendor: 'McAfee', origin: 'US', products: ['McAfee Safe Connect', 'TunnelBear'] },
  { vendor: 'Mullvad VPN AB', origin: 'SE', products: ['Mullvad VPN'] },
  { vendor: 'Windscribe', origin: 'CA', products: ['Windscribe'] },
  { vendor: 'GZ Systems', origin: 'VG', products: ['PureVPN', 'PureDome'] },
  { vendor: 'Golden Frog', origin: 'CH', products: ['VyprVPN'] },
  { vendor: 'eventure', origin: 'MY', products: ['hide.me VPN'] },
  { vendor: 'Free Connected Limited', origin: 'HK', products: ['X-VPN'] },
  { vendor: 'Hola Networks', origin: 'IL', products: ['Hola VPN'] },
  { vendor: 'Urban Cyber Security', origin: 'US', products: ['Urban VPN'] },
  { vendor: 'Kaspersky', origin: 'RU', products: ['Kaspersky VPN Secure Connection'] },
  { vendor: 'Bitdefender', origin: 'RO', products: ['Bitdefender VPN'] },
  { vendor: 'Opera', origin: 'NO', products: ['Opera VPN'] },
  { vendor: 'Psiphon Inc.', origin: 'CA', products: ['Psiphon'] },
  { vendor: 'Brave New Software', origin: 'US', products: ['Lantern'] },
  { vendor: 'iTop Inc.', origin: 'SG', products: ['iTop VPN'] },
  { vendor: 'Cloudflare', origin: 'US', products: ['1.1.1.1 + WARP', 'Cloudflare WARP for Teams'] },
  { vendor: 'Google', origin: 'US', products: ['Google One VPN!'] },
  { vendor: 'AdGuard Software', origin: 'CY', products: ['AdGuard VPN'] },
  { vendor: 'Ivacy', origin: 'SG', products: ['Ivacy VPN'] },
  { vendor: 'Astrill Systems', origin: 'SC', products: ['Astrill VPN'] },
  { vendor: 'KeepSolid', origin: 'US', products: ['VPN Unlimited'] },
  { vendor: 'OpenVPN Inc.', origin: 'US', products: ['Private Tunnel', 'CloudConnexa'] },
  { vendor: 'F-Secure', origin: 'FI', products: ['F-Secure VPN'] },
  { vendor: 'Avira', origin: 'DE', products: ['Avira Phantom VPN'] },
  { vendor: 'Trend Micro', origin: 'JP', products: ['Trend Micro VPN Proxy One'] },
  { vendor: 'ESET', origin: 'SK', products: ['ESET VPN'] },
  { vendor: 'Panda Security', origin: 'ES', products: ['Panda Dome VPN'] },
  { vendor: 'TotalAV', origin: 'GB', products: ['TotalAV Safe Browsing VPN'] },
  { vendor: 'Malwarebytes', origin: 'US', products: ['Malwarebytes Privacy VPN'] },
  { vendor: 'Mozilla', origin: 'US', products: ['Mozilla VPN'] },
  { vendor: 'Connectify', origin: 'US', products: ['Speedify'] },
  { vendor: 'VeePN Corp', origin: 'PA', products: ['VeePN'] },
  { vendor: 'Privado Networks', origin: 'CH', products: ['PrivadoVPN'] },
  { vendor: 'PrivateVPN', origin: 'SE', products: ['PrivateVPN'] },
  { vendor: 'AirVPN', origin: 'IT', products: ['AirVPN'] },
  { vendor: 'Perfect Privacy', origin: 'CH', products: ['Perfect Privacy'] },
  { vendor: 'VPNetworks', origin: 'US', products: ['TorGuard'] },
  { vendor: 'IVPN Limited', origin: 'GI', products: ['IVPN'] },
  { vendor: 'OVPN Integritet', origin: 'SE', products: ['OVPN'] },
  { vendor: 'AzireVPN', origin: 'SE', products: ['AzireVPN'] },
  { vendor: 'FastestVPN', origin: 'KY', products: ['FastestVPN'] },
  { vendor: 'Trust.Zone', origin: 'SC', products: ['Trust.Zone VPN'] },
  { vendor: 'CactusVPN', origin: 'MD', products: ['CactusVPN'] },
  { vendor: 'GOOSE VPN', origin: 'NL', products: ['GOOSE VPN'] },
  { vendor: 'Steganos', origin: 'DE', products: ['Steganos VPN Online'] },
  { vendor: 'Shellfire', origin: 'DE', products: ['Shellfire VPN'] },
  { vendor: 'Le VPN', origin: 'HK', products: ['Le VPN'] },
  { vendor: 'BolehVPN', origin: 'MY', products: ['BolehVPN'] },
  { vendor: 'VPNSecure', origin: 'AU', products: ['VPNSecure'] },
  { vendor: 'VPN.ac', origin: 'RO', products: ['VPN.ac'] },
  { vendor: 'ZoogVPN', origin: 'GR', products: ['ZoogVPN'] },
  { vendor: 'Amplusnet', origin: 'RO', products: ['ibVPN'] },
  { vendor: 'Buffered', origin: 'HU', products: ['Buffered VPN'] },
  { vendor: 'Seed4.Me', origin: 'TW', products: ['Seed4.Me VPN'] },
  { vendor: 'Check Point', origin: 'IL', products: ['Perimeter 81'] },
  { vendor: 'Tuxler', origin: 'US', products: ['Tuxler VPN'] },
  { vendor: 'Unlocator', origin: 'DK', products: ['Unlocator VPN'] },
  { vendor: 'Browsec', origin: 'KY', products: ['Browsec VPN'] },
  { vendor: 'Aloha Mobile', origin: 'CY', products: ['Aloha VPN'] },
  { vendor: 'Dreamfii', origin: 'HK', products: ['UFO VPN'] },
  { vendor: 'Mobile Jump', origin: 'SG', products: ['Super VPN'] },
  { vendor: 'Hexatech', origin: 'SG', products: ['Hexatech VPN'] },
  { vendor: 'Ultrareach Internet', origin: 'US', products: ['UltraSurf'] },
  { vendor: 'Hideman', origin: 'UA', products: ['Hideman VPN'] },
  { vendor: 'SwitchVPN', origin: 'US', products: ['SwitchVPN'] },
  { vendor: 'Ace VPN', origin: 'US', products: ['Ace VPN'] },
  { vendor: 'HideIPVPN', origin: 'US', products: ['HideIPVPN'] },
  { vendor: 'LimeVPN', origin: 'SG', products: ['LimeVPN'] },
  { vendor: 'Anonine', origin: 'SE', products: ['Anonine'] },
  { vendor: 'FrootVPN', origin: 'SE', products: ['FrootVPN'] },
  { vendor: 'Cryptostorm', origin: 'IS', products: ['cryptostorm'] },
  { vendor: 'Riseup Networks', origin: 'US', products: ['RiseupVPN'] },
  { vendor: 'The Calyx Institute', origin: 'US', products: ['CalyxVPN'] },
  { vendor: 'Hide My IP', origin: 'US', products: ['Hide My IP VPN'] },
  { vendor: 'VPNArea', origin: 'BG', products: ['VPNArea'] },
  { vendor: 'Boxpn', origin: 'TR', products: ['Boxpn'] },
  { vendor: 'SlickVPN', origin: 'US', products: ['SlickVPN'] },
  { vendor: 'Anonymizer', origin: 'US', products: ['Anonymizer Universal'] },
  { vendor: 'Spotflux', origin: 'US', products: ['Spotflux'] },
  { vendor: 'Jigsaw', origin: 'US', products: ['Outline VPN'] },
  { vendor: 'University of Tsukuba', origin: 'JP', products: ['VPN Gate'] },
  { vendor: 'Microsoft', origin: 'US', products: ['Edge Secure Network'] },
  { vendor: 'LetsVPN', origin: 'HK', products: ['LetsVPN'] },
  { vendor: 'Signal Lab', origin: 'SG', products: ['Thunder VPN'] },
  { vendor: 'Planet VPN', origin: 'SC', products: ['Planet VPN'] },
  { vendor: 'Secure Internet Data', origin: 'US', products: ['SkyVPN'] },
  { vendor: 'PandaVPN', origin: 'HK', products: ['PandaVPN Pro'] },
  { vendor: 'Tenta', origin: 'US', products: ['Tenta Browser VPN'] },
  { vendor: 'Webroot', origin: 'US', products: ['Webroot WiFi Security'] },
  { vendor: 'Namecheap', origin: 'US', products: ['FastVPN'] },
  { vendor: 'Intego', origin: 'US', products: ['Intego Privacy Protection'] },
  { vendor: 'Comodo Security Solutions', origin: 'US', products: ['Comodo TrustConnect'] },
];

/** Editions a vendor ships beside its main product (app store listings per platform or tier). */
const EDITIONS = [
  'Lite',
  'Pro',
  'for Android TV',
  'Business',
  'Free',
  'for Routers',
  'Family',
  'Unlimited',
  'Plus',
  'Teams',
  'Gaming',
  'Stealth',
  'Kids',
  'Secure Browser',
];

export interface VendorSpec {
  name: string;
  origin: string;
  /** 0 for the most present vendor. */
  rank: number;
}

export interface VpnSpec {
  name: string;
  vendor: number;
  /** Discontinued: its addresses stop being seen well before the end of the 24 months. */
  retired: boolean;
}

/**
 * The first `vendorCount` vendors and exactly `vpnCount` products: each vendor's own products
 * first, then editions of its main product, more of them for larger vendors.
 */
export function selectBrands(
  vendorCount: number,
  vpnCount: number,
): { vendors: VendorSpec[]; vpns: VpnSpec[] } {
  if (vendorCount < 1 || vendorCount > BRANDS.length) {
    throw new Error(`vendorCount must be 1 to ${BRANDS.length}`);
  }
  if (vpnCount < vendorCount) throw new Error('every vendor needs at least one VPN');
  const chosen = BRANDS.slice(0, vendorCount);
  const vendors = chosen.map((b, rank) => ({ name: b.vendor, origin: b.origin, rank }));
  const lists: VpnSpec[][] = chosen.map((b, vendor) =>
    b.products.map((p) => ({ name: p.replace(/!$/, ''), vendor, retired: p.endsWith('!') })),
  );

  let total = lists.reduce((n, l) => n + l.length, 0);
  // Too many: drop secondary products of the smallest vendors first.
  for (let v = vendorCount - 1; total > vpnCount && v >= 0; v--) {
    while (total > vpnCount && lists[v]!.length > 1) {
      lists[v]!.pop();
      total--;
    }
  }
  // Too few: editions, shared out in proportion to 1/sqrt(rank) by largest remainder.
  const missing = vpnCount - total;
  if (missing > 0) {
    const weights = chosen.map((_, i) => 1 / Math.sqrt(i + 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    const exact = weights.map((w) => (w / sum) * missing);
    const extra = exact.map((x) => Math.floor(x));
    let left = missing - extra.reduce((a, b) => a + b, 0);
    const byRemainder = exact
      .map((x, i) => ({ i, r: x - Math.floor(x) }))
      .sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of byRemainder) {
      if (left === 0) break;
      extra[i]!++;
      left--;
    }
    extra.forEach((n, v) => {
      const main = lists[v]![0]!;
      for (let k = 0; k < n; k++) {
        const edition = EDITIONS[k % EDITIONS.length]!;
        const round = Math.floor(k / EDITIONS.length);
        lists[v]!.push({
          name: `${main.name} ${edition}${round > 0 ? ` ${round + 1}` : ''}`,
          vendor: v,
          retired: main.retired,
        });
      }
    });
  }
  const vpns = lists.flat();
  const names = new Set(vpns.map((v) => v.name));
  if (names.size !== vpns.length) throw new Error('VPN names are not unique');
  return { vendors, vpns };
}

/** A DNS label for a product name: `Private Internet Access` → `privateinternetaccess`. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, 'plus')
    .replace(/[^a-z0-9]+/g, '');
}
