/**
 * Word lists of the admin dataset: people, mail providers, companies, VPN apps, browsers and the
 * sentences visitors and operators write. Names are common given names and surnames from many
 * countries (ASCII spellings, so e-mail local parts need no transliteration); everything is
 * ordered roughly from common to rare, and the generator weights earlier entries more.
 */
import { BRANDS } from '@tunnelscope/ipdb-dataset';

/** A comma-separated list (kept as text so the lists stay compact). */
const list = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const FIRST_NAMES = list(`
  James, Maria, John, Anna, Michael, Sarah, David, Laura, Daniel, Emma, Robert, Olivia, Thomas,
  Sophie, Chris, Julia, Alex, Elena, Mark, Nina, Peter, Emily, Paul, Hannah, Andrew, Lisa,
  Kevin, Jessica, Brian, Katie, Mohammed, Fatima, Ahmed, Aisha, Omar, Layla, Ali, Sara, Hassan,
  Noor, Wei, Li, Jun, Mei, Hiroshi, Yuki, Kenji, Sakura, Minh, Linh, Raj, Priya, Arjun, Ananya,
  Vikram, Deepa, Rahul, Neha, Sanjay, Kavya, Lukas, Lena, Felix, Mia, Jonas, Lea, Maximilian,
  Clara, Leon, Marie, Pierre, Camille, Louis, Chloe, Antoine, Manon, Hugo, Lucie, Julien, Ines,
  Marco, Giulia, Luca, Francesca, Matteo, Chiara, Alessandro, Sofia, Lorenzo, Martina, Carlos,
  Lucia, Javier, Carmen, Diego, Isabel, Pablo, Paula, Mateo, Valentina, Joao, Ana, Pedro,
  Beatriz, Rafael, Mariana, Tiago, Larissa, Bruno, Camila, Piotr, Katarzyna, Tomasz, Agnieszka,
  Marcin, Magdalena, Pawel, Joanna, Jakub, Zofia, Ivan, Olga, Dmitri, Natalia, Sergei, Irina,
  Andrei, Tatiana, Mikhail, Ekaterina, Oliver, Charlotte, Harry, Amelia, George, Isla, Jack,
  Grace, Noah, Freya, Lars, Ingrid, Erik, Astrid, Nils, Sigrid, Mikael, Elin, Anders, Karin,
  Jan, Eva, Pieter, Sanne, Daan, Fleur, Bram, Anouk, Sem, Lotte, Kwame, Ama, Chinedu, Ngozi,
  Tunde, Amara, Kofi, Zainab, Emeka, Adaeze, Mehmet, Ayse, Emre, Elif, Burak, Zeynep, Can,
  Selin, Murat, Deniz, Ryan, Megan, Tyler, Ashley, Jordan, Brittany, Austin, Kayla, Dylan,
  Morgan, Samuel, Rebecca, Benjamin, Rachel, Nathan, Leah, Ethan, Abigail, Aaron, Naomi, Victor,
  Alice, Oscar, Ruby, Adam, Eleanor, Simon, Helen, Martin, Monica, Anne-Marie, Jean-Luc,
  Mary-Kate, Jose, Rosa, Stefan, Petra, Vladimir, Svetlana, Hamid
`);

export const LAST_NAMES = list(`
  Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez, Muller,
  Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Wang, Li, Zhang,
  Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Kumar, Singh, Sharma, Patel, Gupta, Reddy, Iyer, Nair,
  Das, Mehta, Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau,
  Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Hernandez,
  Lopez, Gonzalez, Perez, Sanchez, Ramirez, Torres, Flores, Rivera, Gomez, Silva, Santos,
  Oliveira, Souza, Pereira, Costa, Ferreira, Almeida, Carvalho, Ribeiro, Nowak, Kowalski,
  Wisniewski, Wojcik, Kowalczyk, Kaminski, Lewandowski, Zielinski, Szymanski, Wozniak, Ivanov,
  Smirnov, Kuznetsov, Popov, Sokolov, Lebedev, Kozlov, Novikov, Morozov, Volkov, Sato, Suzuki,
  Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato, Kim, Lee, Park, Choi,
  Jung, Kang, Cho, Yoon, Jang, Lim, Nguyen, Tran, Le, Pham, Hoang, Vu, Dang, Bui, Do, Ngo, Khan,
  Ahmed, Hussain, Ali, Rahman, Hassan, Ibrahim, Mahmoud, Saleh, Haddad, Yilmaz, Kaya, Demir,
  Sahin, Celik, Yildiz, Aydin, Ozturk, Arslan, Dogan, Jansen, de Vries, van den Berg, Bakker,
  Visser, Smit, Meijer, de Boer, Mulder, Bos, Andersson, Johansson, Karlsson, Nilsson, Eriksson,
  Larsson, Olsson, Persson, Hansen, Nielsen, Okafor, Adeyemi, Mensah, Owusu, Okonkwo, Balogun,
  Nwosu, Boateng, Diallo, Traore, Taylor, Anderson, Wilson, Moore, Jackson, White, Harris,
  Clark, Lewis, Walker, Young, Allen, King, Wright, Scott, Green, Baker, Adams, Nelson, Hill,
  Campbell, Mitchell, Roberts, Carter, Phillips, Evans, Turner, Parker, Collins, Edwards,
  Stewart, Morris, Murphy, Cook, Rogers, Morgan, Cooper, Peterson, Reed, Bailey, O'Brien,
  O'Connor, McCarthy, Kelly, Walsh, Byrne, Ryan, Doyle, Gallagher, Murray, Novak, Horvat, Kovac,
  Popescu, Ionescu, Papadopoulos, Nagy, Toth, Dvorak, Svoboda, Cohen, Levi, Mizrahi, Friedman,
  Katz, Goldberg, Shapiro, Weiss, Rosen, Klein
`);

/**
 * Surnames rare enough that a search for one finds a few dozen rows in a million: the
 * benchmark's "rare fragment". Each is a real surname; none is a substring of another list entry.
 */
export const RARE_LAST_NAMES = ['Quarshie', 'Vukelja', 'Thorsrud', 'Pemberthy', 'Zbikowski', 'Fjeldheim'];

/** Free mail providers with their rough share of sign-ups (the rest go to company domains). */
export const FREEMAIL: readonly (readonly [string, number])[] = [
  ['gmail.com', 20],
  ['outlook.com', 5],
  ['yahoo.com', 4.5],
  ['hotmail.com', 4],
  ['icloud.com', 2.5],
  ['proton.me', 2],
  ['protonmail.com', 1],
  ['live.com', 1],
  ['gmx.de', 1],
  ['mail.ru', 1],
  ['web.de', 0.6],
  ['yandex.ru', 0.6],
  ['aol.com', 0.5],
  ['qq.com', 0.5],
  ['orange.fr', 0.4],
  ['zoho.com', 0.4],
  ['libero.it', 0.3],
  ['fastmail.com', 0.3],
  ['tutanota.com', 0.2],
  ['seznam.cz', 0.2],
  ['naver.com', 0.2],
  ['wp.pl', 0.2],
  ['btinternet.com', 0.2],
  ['comcast.net', 0.2],
];
/** Share of e-mails at a company domain (the free mail weights above sum to about 47). */
export const COMPANY_MAIL_WEIGHT = 53;

const COMPANY_HEADS = list(`
  North, Blue, Iron, Silver, Bright, Quantum, Apex, Red, Clear, Stone, Green, Swift, True, Open,
  Deep, High, Cloud, Data, Cyber, Signal, Harbor, Summit, Cedar, Falcon, Nova, Vector, Pixel,
  Atlas, Orbit, Lumen, Ember, Polar, Granite, Aurora, Meridian, Beacon, Crimson, Sapphire, Oak,
  River, Zen, Fox, Wolf, Hawk, Bear, Pine, Maple, Coral, Onyx, Tidal
`);
const COMPANY_TAILS = list(`
  wind, gate, path, stack, line, field, forge, point, bridge, works, shift, wave, scale, mark,
  base, grid, leaf, rock, view, flow, port, ridge, light, core, vault, nest, pulse, loop, spark,
  sight
`);
const COMPANY_KINDS = list(`
  Analytics, Payments, Bank, Media, Games, Security, Systems, Commerce, Labs, Digital, Capital,
  Insurance, Networks, Studios, Retail, Ads, Health, Logistics, Software, Telecom, Finance,
  Trading, Streaming, Marketplace, Consulting, Cloud, Gaming, Fintech, Solutions, Group
`);
const COMPANY_TLDS: readonly (readonly [string, number])[] = [
  ['com', 50],
  ['io', 12],
  ['co', 5],
  ['net', 5],
  ['de', 4],
  ['co.uk', 4],
  ['fr', 2],
  ['ai', 3],
  ['dev', 1],
  ['tech', 1],
  ['nl', 2],
  ['es', 1.5],
  ['it', 1.5],
  ['com.br', 1.5],
  ['pl', 1],
  ['se', 1],
  ['ch', 1],
  ['com.au', 1],
  ['ca', 1],
  ['in', 1],
  ['sg', 0.5],
  ['jp', 0.5],
];

export interface Company {
  name: string;
  domain: string;
}

/**
 * `count` distinct companies made of a head, a tail and a kind ("Northgate Payments",
 * northgatepayments.com or northgate.io), drawn with `rand` (uniform in [0, 1)).
 */
export function makeCompanies(count: number, rand: () => number): Company[] {
  const out: Company[] = [];
  const names = new Set<string>();
  const domains = new Set<string>();
  const tldTotal = COMPANY_TLDS.reduce((s, [, w]) => s + w, 0);
  const pickTld = () => {
    let x = rand() * tldTotal;
    for (const [tld, w] of COMPANY_TLDS) if ((x -= w) < 0) return tld;
    return 'com';
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  while (out.length < count) {
    const stem = pick(COMPANY_HEADS) + pick(COMPANY_TAILS);
    const kind = pick(COMPANY_KINDS);
    const name = `${stem} ${kind}`;
    if (names.has(name)) continue;
    const tld = pickTld();
    let domain = rand() < 0.5 ? `${stem}.${tld}` : `${stem}${kind}.${tld}`;
    domain = domain.toLowerCase();
    if (domains.has(domain)) domain = `${stem}-${kind}.${tld}`.toLowerCase();
    if (domains.has(domain)) continue;
    names.add(name);
    domains.add(domain);
    out.push({ name, domain });
  }
  return out;
}

/** Handles people use instead of their name ("darkfalcon77"). */
export const HANDLE_WORDS = list(`
  dark, shadow, silent, crypto, tech, dev, ninja, pixel, cyber, ghost, lucky, happy, blue, red,
  night, storm, star, wolf, fox, tiger, data, byte, code, hacker, gamer, rider, hunter, master,
  king, queen
`);

/** The waitlist form's use case options (the options the public waitlist form offers). */
export const USE_CASES: readonly (readonly [string, number])[] = [
  ['fraud-prevention', 34],
  ['security-monitoring', 18],
  ['compliance', 12],
  ['analytics', 11],
  ['content-protection', 9],
  ['research', 8],
  ['other', 8],
];

/** What operators write in the notes of an entry. */
export const NOTES = [
  'Followed up by email; interested in the API beta.',
  'Enterprise lead, forwarded to sales.',
  'Asked for pricing. Sent the deck and the rate card.',
  'Duplicate of an earlier sign-up.',
  'Called back, wants a trial for their fraud team.',
  'Reseller inquiry, see the partner channel.',
  'Student project; low priority.',
  'Spam? Domain registered last week.',
  'Existing customer of a competitor, wants a comparison.',
  'Needs EU data residency before signing.',
  'Meeting booked for next Tuesday.',
  'Bounced once, address confirmed by phone.',
  'Requested a call in Q3.',
  'Security team at a bank; escalate.',
  'Wants Tor exit node coverage specifically.',
  'Closed: answered in the FAQ.',
  'Waiting on their procurement questionnaire.',
  'Sent the sample dataset (10k rows).',
  'Asked about on-prem deployment; not offered yet.',
  'Legal reviewed the DPA, OK to proceed.',
];

/** Extra Play Store VPN apps (generic names such apps really use) beside the brands' products. */
const GENERIC_VPN_APPS = list(`
  VPN Master, Secure VPN, Free VPN Proxy, VPN Proxy Fast, Super VPN Pro, Shield VPN, Fast VPN
  Unlimited, VPN Turbo Speed, Hotspot VPN, Thunder VPN Lite, Solo VPN, Unblock VPN, Tap VPN,
  Melon VPN, VPN Monster, Rocket VPN, Kiwi VPN, Panda VPN Lite, Orbot, Bear VPN, VPN Lumos,
  Secure Tunnel, Yoga VPN, Nova VPN, Star VPN, VPN Inf, Daily VPN, VPN Guard, Speed VPN, Potato
  VPN, Falcon VPN, Robin VPN, Ultra VPN, VPN Hub, Free VPN Planet, Proxy Master, VPN 1 Click,
  Snap Master VPN, Ostrich VPN, Zoog VPN, Safe VPN, Orange VPN
`);

export interface VpnApp {
  name: string;
  /** Play Store package id, e.g. com.nordvpn.android. */
  packageId: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .replace(/^(\d)/, 'app$1');

/**
 * About 160 VPN apps: the products of the brands in @tunnelscope/ipdb-dataset (names the public
 * form would accept: letters, digits, spaces, hyphens, underscores, periods) and generic ones.
 */
export function vpnApps(): VpnApp[] {
  const apps: VpnApp[] = [];
  for (const brand of BRANDS) {
    const vendor = slug(brand.vendor.split(/\s+/)[0]!) || 'vpn';
    for (const raw of brand.products) {
      const name = raw.replace(/!$/, '');
      if (!/^[A-Za-z0-9 ._-]+$/.test(name)) continue;
      apps.push({ name, packageId: `com.${vendor}.${slug(name)}` });
    }
  }
  for (const name of GENERIC_VPN_APPS) {
    const words = name.toLowerCase().split(/\s+/);
    apps.push({ name, packageId: `com.${slug(words[0]!)}.${slug(words.slice(1).join('')) || 'vpn'}` });
  }
  return apps;
}

/** Why a visitor asks for a VPN to be covered (vpn_requests.additional_info). */
export const VPN_REASONS = [
  'We see a lot of signups from this app that slip past our current provider.',
  'Our checkout fraud rules keep missing traffic from {vpn}.',
  'Users bypass our geo-restrictions with {vpn}; please add its exit nodes.',
  'Chargebacks last month came mostly through {vpn} addresses.',
  'Streaming rights require us to block {vpn} in several regions.',
  'Bot traffic on our login page rotates through {vpn} servers.',
  'Please confirm whether {vpn} uses residential IPs.',
  'Competitor data shows {vpn} is popular in {country}; we need coverage there.',
  'Our anti-cheat flags players on {vpn} but we cannot confirm the ranges.',
  'It is preinstalled on cheap Android phones in {country}.',
  'Ad clicks from {vpn} look fraudulent; need detection for our click filter.',
  'KYC team asked for it after several account takeovers.',
  'The app advertises free servers in {country} and the USA.',
  'Seen in our logs since last week, about 2% of sessions.',
  'We need historical data for {vpn} for a forensic case.',
];

export const COUNTRIES = list(`
  Brazil, India, Indonesia, Turkey, Russia, Germany, the UK, France, Nigeria, Vietnam, Mexico,
  Egypt, Iran, Pakistan, the Philippines, Spain, Italy, Poland, Canada, Japan
`);

export const CONTACT_SUBJECTS = [
  'Pricing for API access',
  'Enterprise plan inquiry',
  'Partnership opportunity',
  'Question about detection accuracy',
  'Data coverage in Asia',
  'Request for a demo',
  'Integration with our fraud platform',
  'GDPR data request',
  'Trial extension',
  'False positive on a residential IP',
  'Missing VPN provider',
  'Volume discount',
  'Invoice and billing question',
  'Security questionnaire',
  'Reseller program',
  'API rate limits',
  'Historical IP data',
  'Tor exit node coverage',
  'Job application',
  'Press inquiry',
  'Feedback on the website',
  'Account deletion',
  'On-premise deployment',
  'SLA and uptime',
  'Research collaboration',
  'Proxy detection for ad fraud',
  'Sample data request',
  'Custom integration',
  'Compliance documentation',
  'Question about the waitlist',
];

/** Sentences of contact messages (greeting, body, closing), assembled to a chosen length. */
export const GREETINGS = [
  'Hi,',
  'Hello,',
  'Hi team,',
  'Dear TunnelScope team,',
  'Good morning,',
  'Hey there,',
];
export const MESSAGE_SENTENCES = [
  'We are evaluating IP intelligence providers for our payments platform.',
  'Our fraud team currently blocks VPN traffic manually and it does not scale.',
  'Could you share the pricing for around {n} million lookups per month?',
  'We would like to know how often the database is refreshed.',
  'Do you detect residential proxies as well as commercial VPNs?',
  'Is there a sandbox or trial key we could use for a proof of concept?',
  'We operate mostly in {country} and need good coverage there.',
  'Our compliance team needs to understand where the data comes from.',
  'We had several false positives last week on mobile carrier addresses.',
  'Please send over your security documentation and a DPA.',
  'Can the API return the VPN provider name as well as a flag?',
  'We are a small startup, is there a discount for early customers?',
  'I saw your talk at a conference and wanted to follow up.',
  'Our current provider misses a lot of newer VPN apps.',
  'What is the typical latency of the lookup endpoint?',
  'Do you offer a downloadable database for on-premise use?',
  'We need historical data going back at least twelve months.',
  'Our legal team asks whether you store the IPs we query.',
  'I would like my personal data removed from your systems.',
  'We are integrating with a SIEM and need a webhook or bulk export.',
  'Could we schedule a call next week?',
  'The signup form did not send me a code the first time.',
  'I am writing a thesis on VPN detection and would love to chat.',
  'Our gaming platform sees cheaters hiding behind VPNs.',
  'We stream sports and have strict regional licensing.',
  'Do you cover Tor exit nodes and public proxies too?',
  'How do you handle IPv6 addresses?',
  'We need an uptime commitment of at least 99.9 percent.',
  'Please let me know the next steps.',
  'Attached is a list of addresses we believe are misclassified.',
];
export const CLOSINGS = [
  'Thanks,',
  'Best regards,',
  'Kind regards,',
  'Cheers,',
  'Thank you in advance.',
  'Looking forward to hearing from you.',
];

/** Operator usernames and roles of the generated admin accounts. */
export const ADMINS: readonly {
  username: string;
  name: string;
  role: 'admin' | 'view_only';
  weight: number;
}[] = [
  { username: 'dana_ops', name: 'Dana Whitfield', role: 'admin', weight: 30 },
  { username: 'mkowalski', name: 'Marek Kowalski', role: 'admin', weight: 22 },
  { username: 'priya_s', name: 'Priya Sharma', role: 'admin', weight: 16 },
  { username: 'tom_support', name: 'Tom Becker', role: 'admin', weight: 12 },
  { username: 'lea_fraud', name: 'Lea Martin', role: 'admin', weight: 9 },
  { username: 'jhernandez', name: 'Jorge Hernandez', role: 'admin', weight: 7 },
  { username: 'sara_k', name: 'Sara Karlsson', role: 'view_only', weight: 6 },
  { username: 'analyst_wei', name: 'Wei Zhang', role: 'view_only', weight: 5 },
  { username: 'ops_nightshift', name: 'Kofi Mensah', role: 'admin', weight: 4 },
  { username: 'auditor', name: 'Helen Roberts', role: 'view_only', weight: 2 },
  { username: 'cto_alex', name: 'Alex Novak', role: 'admin', weight: 2 },
  { username: 'intern_emma', name: 'Emma Visser', role: 'view_only', weight: 1 },
];

/** Usernames typed on failed sign-ins that match no account. */
export const UNKNOWN_USERNAMES = list(`
  admin, root, administrator, test, user, support, info, guest, demo, sysadmin, dana, danaops,
  mkowalsky, priya, tom, webmaster, operator, qa, backup, manager
`);

/** What a visitor's browser reports in a security_event (the fields the security demo's log call sends). */
export const SECURITY_EVENT_TYPES: readonly (readonly [string, string])[] = [
  ['VALIDATION_ERROR', 'Form validation failed on submit'],
  ['XSS_ATTEMPT', 'Script tag detected in name field'],
  ['SQL_INJECTION_ATTEMPT', 'SQL keywords detected in message'],
  ['SUSPICIOUS_INPUT', 'Unexpected characters in subject'],
  ['PATH_TRAVERSAL_ATTEMPT', 'Path traversal pattern in company field'],
  ['COMMAND_INJECTION_ATTEMPT', 'Shell metacharacters in message'],
];

export const PAGES = ['/waitlist', '/contact', '/vpn-request', '/security-demo', '/'];
