/**
 * The rows of the admin dataset as PostgreSQL COPY text, produced in chunks by generators: a
 * table of a million rows streams through a few hundred kilobytes (plus the sets that keep
 * verified e-mails and request numbers unique). Every value comes from one seeded stream per
 * table, so a seed, a row count and an end time always give the same rows.
 */
import { Rng, WeightedPicker, copyText } from '@tunnelscope/ipdb-dataset';
import {
  ADMINS,
  CLOSINGS,
  COMPANY_MAIL_WEIGHT,
  CONTACT_SUBJECTS,
  COUNTRIES,
  FIRST_NAMES,
  FREEMAIL,
  GREETINGS,
  HANDLE_WORDS,
  LAST_NAMES,
  MESSAGE_SENTENCES,
  NOTES,
  PAGES,
  RARE_LAST_NAMES,
  SECURITY_EVENT_TYPES,
  UNKNOWN_USERNAMES,
  USE_CASES,
  VPN_REASONS,
  makeCompanies,
  vpnApps,
  type Company,
} from './vocab.js';

export const LOADED_TABLES = [
  'waitlist_entries',
  'vpn_requests',
  'contact_forms',
  'registration_logs',
  'admin_logs',
] as const;
export type LoadedTable = (typeof LOADED_TABLES)[number];

const CODE_COLUMNS = [
  'is_verified',
  'verified_at',
  'otp_code_hash',
  'otp_expiry',
  'otp_attempts',
  'otp_issued_at',
  'otp_generation',
  'ip_address',
  'status',
  'notes',
  'created_at',
  'updated_at',
];

/** Column lists in the order the generators write them. */
export const COLUMNS: Record<LoadedTable, readonly string[]> = {
  waitlist_entries: ['id', 'email', 'company', 'use_case', ...CODE_COLUMNS],
  vpn_requests: [
    'id',
    'vpn_name',
    'playstore_link',
    'user_email',
    'additional_info',
    'request_number',
    'user_agent',
    'followup_mail_pending',
    ...CODE_COLUMNS,
  ],
  contact_forms: [
    'id',
    'name',
    'email',
    'subject',
    'message',
    'consent',
    'has_marketing',
    'followup_mail_pending',
    ...CODE_COLUMNS,
  ],
  registration_logs: [
    'id',
    'email',
    'ip_address',
    'user_agent',
    'action',
    'success',
    'error_message',
    'request_id',
    'additional_data',
    'created_at',
  ],
  admin_logs: [
    'id',
    'admin_id',
    'session_id',
    'username',
    'action',
    'resource',
    'resource_id',
    'details',
    'ip_address',
    'user_agent',
    'success',
    'created_at',
  ],
};

const NULL = '\\N';
const CHUNK_CHARS = 256 * 1024;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The dataset spans the 24 months before its end time. */
export const SPAN_MS = 730 * DAY;
/** Rows arrive this many times faster at the end of the span than at its start. */
const GROWTH = 6;

const bool = (b: boolean) => (b ? 't' : 'f');
const text = (s: string | null) => (s === null ? NULL : copyText(s));

// ---------------------------------------------------------------------------------------------
// small helpers

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex16 = (n: number) => HEX[(n >>> 8) & 255]! + HEX[n & 255]!;
const hex32 = (n: number) => hex16(n >>> 16) + hex16(n & 0xffff);

/** A version-4-shaped UUID from the stream. */
export function uuid(rng: Rng): string {
  const a = rng.u32();
  const b = rng.u32();
  const c = rng.u32();
  const d = rng.u32();
  return `${hex32(a)}-${hex16(b >>> 16)}-${hex16((b & 0x0fff) | 0x4000)}-${hex16(((c >>> 16) & 0x3fff) | 0x8000)}-${hex16(c & 0xffff)}${hex32(d)}`;
}

function hex64(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += hex32(rng.u32());
  return s;
}

/** Timestamp literal with microseconds (`ms` may carry a fraction). */
export function ts(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.min(999, Math.floor((ms - whole) * 1000));
  return `${new Date(whole).toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

/** Zipf-like weights for a list ordered from common to rare. */
const zipf = (n: number, offset: number) => Array.from({ length: n }, (_, i) => 1 / (i + offset));

/**
 * When row `i` of `n` was written: rows are in time order over the span, arriving faster as
 * the product grows (exponential density, GROWTH times more at the end), with random gaps.
 */
class Timeline {
  private readonly k: number;
  constructor(
    private readonly n: number,
    private readonly end: number,
  ) {
    this.k = GROWTH - 1;
  }
  at(i: number, rng: Rng): number {
    const u = (i + rng.next()) / this.n;
    return this.end - SPAN_MS + (SPAN_MS * Math.log1p(u * this.k)) / Math.log(GROWTH);
  }
  /** Months since the start of the span (for browser versions). */
  month(t: number): number {
    return Math.floor((t - (this.end - SPAN_MS)) / (30.4 * DAY));
  }
}

/** Collects lines and hands them out in chunks of about CHUNK_CHARS. */
class Chunker {
  private text = '';
  add(line: string): string | null {
    this.text += line;
    if (this.text.length < CHUNK_CHARS) return null;
    const out = this.text;
    this.text = '';
    return out;
  }
  rest(): string | null {
    const out = this.text;
    this.text = '';
    return out || null;
  }
}

// ---------------------------------------------------------------------------------------------
// people, addresses, browsers

export interface Person {
  first: string;
  last: string;
  email: string;
  /** The company behind the e-mail's domain, if it is not a free mail provider. */
  company: Company | null;
}

const lower = (s: string) => s.toLowerCase().replace(/[^a-z0-9-]/g, '');

export class People {
  private readonly firstPick = new WeightedPicker(zipf(FIRST_NAMES.length, 12));
  private readonly lastNames = [...LAST_NAMES, ...RARE_LAST_NAMES];
  private readonly lastPick: WeightedPicker;
  private readonly domainPick: WeightedPicker;
  private readonly companyPick: WeightedPicker;
  readonly companies: Company[];

  constructor(seed: number) {
    const rng = new Rng(seed).fork('companies');
    this.companies = makeCompanies(700, () => rng.next());
    const common = zipf(LAST_NAMES.length, 15);
    const commonTotal = common.reduce((s, w) => s + w, 0);
    // Each rare surname: about 5 in 100,000 people.
    this.lastPick = new WeightedPicker([...common, ...RARE_LAST_NAMES.map(() => commonTotal * 0.00005)]);
    this.domainPick = new WeightedPicker([...FREEMAIL.map(([, w]) => w), COMPANY_MAIL_WEIGHT]);
    this.companyPick = new WeightedPicker(zipf(this.companies.length, 8));
  }

  company(rng: Rng): Company {
    return this.companies[this.companyPick.pick(rng)]!;
  }

  person(rng: Rng): Person {
    const first = FIRST_NAMES[this.firstPick.pick(rng)]!;
    const last = this.lastNames[this.lastPick.pick(rng)]!;
    const d = this.domainPick.pick(rng);
    const company = d < FREEMAIL.length ? null : this.company(rng);
    const domain = company ? company.domain : FREEMAIL[d]![0];
    return { first, last, company, email: `${this.localPart(rng, first, last, company !== null)}@${domain}` };
  }

  private localPart(rng: Rng, first: string, last: string, atCompany: boolean): string {
    const f = lower(first);
    const l = lower(last);
    const x = rng.next();
    if (atCompany) {
      if (x < 0.5) return `${f}.${l}`;
      if (x < 0.7) return `${f[0]}${l}`;
      if (x < 0.85) return f;
      if (x < 0.95) return `${f}${l}`;
      return `${f}_${l}`;
    }
    const year = () => String(rng.between(60, 99 + 6) % 100).padStart(2, '0');
    if (x < 0.26) return `${f}.${l}`;
    if (x < 0.36) return `${f}${l}`;
    if (x < 0.44) return `${f[0]}${l}`;
    if (x < 0.48) return `${f[0]}.${l}`;
    if (x < 0.52) return `${f}_${l}`;
    if (x < 0.62) return `${f}${rng.between(1, 9999)}`;
    if (x < 0.74) return `${f}.${l}${year()}`;
    if (x < 0.78) return `${l}.${f}`;
    if (x < 0.84) return `${f}${l[0]}${rng.between(1, 999)}`;
    if (x < 0.9) return `${f}.${l}.${rng.between(1, 99)}`;
    const w1 = rng.pick(HANDLE_WORDS);
    const w2 = rng.pick(HANDLE_WORDS);
    return rng.chance(0.5) ? `${w1}${w2}${rng.between(1, 999)}` : `${w1}_${f}${year()}`;
  }
}

/** Make `email` unique among `seen` (case-insensitive) by adding digits to its local part. */
function uniqueEmail(rng: Rng, email: string, seen: Set<string>): string {
  let out = email;
  while (seen.has(out.toLowerCase())) {
    const at = email.indexOf('@');
    out = `${email.slice(0, at)}${rng.between(1, 99_999)}${email.slice(at)}`;
  }
  seen.add(out.toLowerCase());
  return out;
}

/** Allocated public /8s, weighted roughly by how many of a site's visitors come from them. */
const V4_FIRST_OCTETS: readonly (readonly [number, number])[] = [
  ...[
    24, 50, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 96, 97, 98, 99, 104, 107, 108, 173, 174,
  ].map((o) => [o, 3] as const),
  ...[
    2, 5, 31, 37, 46, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 109,
    176, 178, 185, 188, 193, 194, 195, 212, 213, 217,
  ].map((o) => [o, 2.5] as const),
  ...[
    1, 14, 27, 36, 39, 42, 49, 58, 59, 60, 61, 101, 103, 106, 110, 111, 112, 113, 114, 115, 116, 117, 118,
    119, 120, 121, 122, 123, 124, 125, 180, 182, 183, 202, 203, 210, 211, 218, 219, 220, 221, 222,
  ].map((o) => [o, 1.5] as const),
  ...[177, 179, 181, 186, 187, 189, 190, 191, 200, 201].map((o) => [o, 1.5] as const),
  ...[41, 102, 105, 154, 196, 197].map((o) => [o, 0.8] as const),
];
const V6_PREFIXES = '2a02 2001 2600 2601 2603 2604 2a01 2a00 2406 2409 2003 2c0f 2804'.split(' ');

export class Addresses {
  private readonly first = new WeightedPicker(V4_FIRST_OCTETS.map(([, w]) => w));
  ip(rng: Rng): string {
    if (rng.chance(0.08)) {
      const h = () => (rng.u32() & 0xffff).toString(16);
      return `${rng.pick(V6_PREFIXES)}:${h()}:${h()}:${h()}:${h()}:${h()}:${h()}:${h()}`;
    }
    const o = V4_FIRST_OCTETS[this.first.pick(rng)]![0];
    return `${o}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`;
  }
}

/** A browser of the time: versions move with the months of the span. */
export function userAgent(rng: Rng, month: number): string {
  const chrome = 112 + Math.floor(month / 1.5) - rng.int(3);
  const ff = 112 + Math.floor(month / 1.3) - rng.int(2);
  const safari = month < 10 ? 16 : month < 22 ? 17 : 18;
  const minor = rng.int(6);
  const x = rng.next();
  if (x < 0.34)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`;
  if (x < 0.5)
    return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`;
  if (x < 0.61)
    return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari}.${minor} Safari/605.1.15`;
  if (x < 0.75)
    return `Mozilla/5.0 (iPhone; CPU iPhone OS ${safari}_${minor} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari}.${minor} Mobile/15E148 Safari/604.1`;
  if (x < 0.87)
    return `Mozilla/5.0 (Linux; Android ${13 + Math.min(2, Math.floor(month / 9))}; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Mobile Safari/537.36`;
  if (x < 0.94) return `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${ff}.0) Gecko/20100101 Firefox/${ff}.0`;
  if (x < 0.98)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36 Edg/${chrome}.0.0.0`;
  if (x < 0.99) return `Mozilla/5.0 (X11; Linux x86_64; rv:${ff}.0) Gecko/20100101 Firefox/${ff}.0`;
  return rng.pick(['curl/8.5.0', 'python-requests/2.31.0', 'PostmanRuntime/7.36.1', 'Go-http-client/2.0']);
}

// ---------------------------------------------------------------------------------------------
// the code step and the operators' bookkeeping, shared by the three form tables

const STATUS_VERIFIED = new WeightedPicker([80, 11, 9]);
const STATUS_UNVERIFIED = new WeightedPicker([97, 3, 0]);
const STATUSES = ['Waiting', 'Pending', 'Complete'] as const;

interface CodeStep {
  verified: boolean;
  verifiedAt: number | null;
  line: string;
}

/** The twelve bookkeeping columns of CODE_COLUMNS for a row created at `t`. */
function codeStep(rng: Rng, t: number, end: number, verified: boolean, ip: string): CodeStep {
  const resent = rng.chance(0.08);
  const issued = resent ? t + rng.between(60_000, 4 * MINUTE) + rng.next() : t + 40 + rng.next() * 400;
  const verifiedAt = verified ? Math.min(end, issued + 12_000 + Math.exp(rng.next() * 3.3) * 9_000) : null;
  const attempts = verified
    ? rng.chance(0.9)
      ? 0
      : rng.between(1, 3)
    : rng.chance(0.75)
      ? 0
      : rng.between(1, 5);
  const expiry = issued + 5 * MINUTE;
  // A code is stored (hashed) only while it can still be used.
  const hash = !verified && expiry > end && attempts < 5 ? hex64(rng) : NULL;
  const status = STATUSES[(verified ? STATUS_VERIFIED : STATUS_UNVERIFIED).pick(rng)]!;
  const touched = status !== 'Waiting' || rng.chance(0.02);
  const notes = touched && rng.chance(status === 'Waiting' ? 1 : 0.45) ? rng.pick(NOTES) : '';
  // An operator's edit, hours to weeks later (never after the end of the dataset).
  const base = verifiedAt ?? issued;
  const later = rng.between(1, 30 * 24) * HOUR * rng.next() + rng.next();
  const updated = touched ? (base + later < end ? base + later : base + (end - base) * rng.next()) : base;
  const line =
    `${bool(verified)}\t${verifiedAt === null ? NULL : ts(verifiedAt)}\t${hash}\t${ts(expiry)}\t${attempts}\t` +
    `${ts(issued)}\t${resent ? 2 : 1}\t${ip}\t${status}\t${copyText(notes)}\t${ts(t)}\t${ts(updated)}`;
  return { verified, verifiedAt, line };
}

// ---------------------------------------------------------------------------------------------
// tables

export interface DatasetOptions {
  seed: number;
  rows: number;
  /** Epoch milliseconds of the newest row. */
  end: number;
}

export interface AdminUserRow {
  id: string;
  username: string;
  email: string;
  role: 'admin' | 'view_only';
  isActive: boolean;
  twoFactor: boolean;
  createdAt: number;
  lastLogin: number;
  weight: number;
  ips: string[];
  agents: string[];
}

/** The dozen operator accounts (and where each usually signs in from). */
export function adminUsers(opts: DatasetOptions): AdminUserRow[] {
  const rng = new Rng(opts.seed).fork('admin_users');
  const addresses = new Addresses();
  const start = opts.end - SPAN_MS;
  const users = ADMINS.map((a, i) => {
    // The first six were there from the start; the others joined over the two years.
    const createdAt = i < 6 ? start - rng.between(5, 60) * DAY : start + ((i - 5) / 7) * SPAN_MS * 0.9;
    const [first, ...rest] = a.name.toLowerCase().split(' ');
    const month = Math.floor((opts.end - start) / (30.4 * DAY));
    return {
      id: uuid(rng),
      username: a.username,
      email: `${first}.${rest.join('')}@tunnelscope.example`,
      role: a.role,
      isActive: a.username !== 'intern_emma',
      twoFactor: a.role === 'admin' || rng.chance(0.5),
      createdAt: createdAt + rng.next() * HOUR,
      lastLogin: opts.end - rng.between(1, 72) * HOUR * rng.next(),
      weight: a.weight,
      ips: Array.from({ length: rng.between(1, 3) }, () => addresses.ip(rng)),
      agents: Array.from({ length: rng.between(1, 2) }, () => userAgent(rng, month)),
    };
  });
  return users.sort((a, b) => a.createdAt - b.createdAt);
}

export interface TableRows {
  table: LoadedTable;
  rows: number;
  chunks: Iterable<string>;
}

function* waitlistChunks(opts: DatasetOptions, people: People): Generator<string> {
  const rng = new Rng(opts.seed).fork('waitlist_entries');
  const time = new Timeline(opts.rows, opts.end);
  const addresses = new Addresses();
  const useCase = new WeightedPicker(USE_CASES.map(([, w]) => w));
  const verifiedEmails = new Set<string>();
  const recent: string[] = [];
  const out = new Chunker();
  for (let i = 0; i < opts.rows; i++) {
    const t = time.at(i, rng);
    const verified = rng.chance(0.65);
    const person = people.person(rng);
    let email = person.email;
    // Someone trying again with the address of a recent attempt.
    if (recent.length > 0 && rng.chance(0.04)) email = rng.pick(recent);
    if (verified) email = uniqueEmail(rng, email, verifiedEmails);
    else if (recent.length < 64) recent.push(email);
    else recent[rng.int(64)] = email;
    const company = person.company
      ? rng.chance(0.92)
        ? person.company.name
        : null
      : rng.chance(0.3)
        ? people.company(rng).name
        : null;
    const uc = rng.chance(0.9) ? USE_CASES[useCase.pick(rng)]![0] : null;
    const code = codeStep(rng, t, opts.end, verified, addresses.ip(rng));
    const chunk = out.add(`${uuid(rng)}\t${copyText(email)}\t${text(company)}\t${text(uc)}\t${code.line}\n`);
    if (chunk) yield chunk;
  }
  const rest = out.rest();
  if (rest) yield rest;
}

const REQUEST_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function* vpnRequestChunks(opts: DatasetOptions, people: People): Generator<string> {
  const rng = new Rng(opts.seed).fork('vpn_requests');
  const time = new Timeline(opts.rows, opts.end);
  const addresses = new Addresses();
  const apps = vpnApps();
  const appPick = new WeightedPicker(zipf(apps.length, 4));
  const numbers = new Set<string>();
  const out = new Chunker();
  for (let i = 0; i < opts.rows; i++) {
    const t = time.at(i, rng);
    const app = apps[appPick.pick(rng)]!;
    const suffix = rng.chance(0.25) ? rng.pick(['&hl=en', '&hl=en_US&gl=US', '&hl=de', '&pli=1']) : '';
    const link = `https://play.google.com/store/apps/details?id=${app.packageId}${suffix}`;
    const person = people.person(rng);
    const reasons: string[] = [];
    for (let k = rng.between(1, 3); k > 0; k--) {
      reasons.push(
        rng.pick(VPN_REASONS).replaceAll('{vpn}', app.name).replaceAll('{country}', rng.pick(COUNTRIES)),
      );
    }
    const verified = rng.chance(0.55);
    const code = codeStep(rng, t, opts.end, verified, addresses.ip(rng));
    let number: string = NULL;
    if (code.verifiedAt !== null) {
      const date = new Date(code.verifiedAt).toISOString().slice(0, 10).replaceAll('-', '');
      do {
        let s = '';
        for (let k = 0; k < 6; k++) s += REQUEST_NUMBER_ALPHABET[rng.int(REQUEST_NUMBER_ALPHABET.length)];
        number = `VPN-${date}-${s}`;
      } while (numbers.has(number));
      numbers.add(number);
    }
    const ua = userAgent(rng, time.month(t));
    const line =
      `${uuid(rng)}\t${copyText(app.name)}\t${copyText(link)}\t${copyText(person.email)}\t` +
      `${copyText(reasons.join(' '))}\t${number}\t${copyText(ua)}\tf\t${code.line}\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  const rest = out.rest();
  if (rest) yield rest;
}

/** A contact message of about `target` characters (40 to 1500), in sentences. */
function message(rng: Rng, target: number, first: string): string {
  const parts: string[] = [];
  let len = 0;
  const push = (s: string, sep: string) => {
    parts.push(sep, s);
    len += s.length + sep.length;
  };
  const greeting = target > 120 && rng.chance(0.7);
  if (greeting) push(rng.pick(GREETINGS), '');
  // Each sentence once (until all have been used), so a message does not repeat itself.
  const used = new Set<number>();
  while (len < target) {
    let k = rng.int(MESSAGE_SENTENCES.length);
    for (let tries = 0; used.has(k) && tries < 8; tries++) k = rng.int(MESSAGE_SENTENCES.length);
    if (used.size >= MESSAGE_SENTENCES.length) used.clear();
    used.add(k);
    const s = MESSAGE_SENTENCES[k]!.replaceAll('{n}', String(rng.between(1, 50))).replaceAll(
      '{country}',
      rng.pick(COUNTRIES),
    );
    const sep =
      parts.length === 0 ? '' : greeting && parts.length === 2 ? '\n' : rng.chance(0.15) ? '\n\n' : ' ';
    push(s, sep);
  }
  if (target > 200 && rng.chance(0.6)) push(`${rng.pick(CLOSINGS)}\n${first}`, '\n\n');
  let body = parts.join('');
  if (body.length > 1500) body = body.slice(0, body.lastIndexOf(' ', 1500)).replace(/[ ,;]+$/, '') + '.';
  return body;
}

function* contactChunks(opts: DatasetOptions, people: People): Generator<string> {
  const rng = new Rng(opts.seed).fork('contact_forms');
  const time = new Timeline(opts.rows, opts.end);
  const addresses = new Addresses();
  const out = new Chunker();
  for (let i = 0; i < opts.rows; i++) {
    const t = time.at(i, rng);
    const person = people.person(rng);
    const name = `${person.first} ${person.last}`;
    let subject = rng.pick(CONTACT_SUBJECTS);
    if (person.company && rng.chance(0.15)) subject = `${subject} - ${person.company.name}`;
    // Log-uniform length between 40 and 1500 characters, most between 100 and 600.
    const target = Math.round(
      Math.exp(Math.log(40) + (Math.log(1500) - Math.log(40)) * (rng.next() + rng.next()) * 0.5),
    );
    const body = message(rng, target, person.first);
    const verified = rng.chance(0.6);
    const code = codeStep(rng, t, opts.end, verified, addresses.ip(rng));
    const line =
      `${uuid(rng)}\t${copyText(name)}\t${copyText(person.email)}\t${copyText(subject)}\t${copyText(body)}\t` +
      `t\t${bool(rng.chance(0.3))}\tf\t${code.line}\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  const rest = out.rest();
  if (rest) yield rest;
}

const VISITOR_ACTIONS = [
  ['waitlist_attempt', 20],
  ['otp_sent', 27],
  ['otp_verified', 17],
  ['vpn_request_attempt', 10],
  ['contact_form', 8],
  ['otp_failed', 7],
  ['security_event', 8],
  ['rate_limited', 3],
] as const;
const FORM_OF: Record<string, string> = {
  waitlist_attempt: 'waitlist',
  vpn_request_attempt: 'vpn_request',
  contact_form: 'contact',
};
const ATTEMPT_ERRORS: Record<string, readonly string[]> = {
  waitlist_attempt: [
    'This email is already on the waitlist.',
    'Valid email address is required',
    'Disposable email addresses are not allowed',
  ],
  vpn_request_attempt: [
    'Must be a Google Play Store link starting with https://play.google.com/store/',
    'Additional information is required',
    'Disposable email addresses are not allowed',
  ],
  contact_form: [
    'Message must be at least 10 characters',
    'You must agree to data processing to send your message.',
    'Disposable email addresses are not allowed',
  ],
};

interface Visitor {
  email: string;
  ip: string;
  ua: string;
}

function* registrationLogChunks(opts: DatasetOptions, people: People): Generator<string> {
  const rng = new Rng(opts.seed).fork('registration_logs');
  const time = new Timeline(opts.rows, opts.end);
  const addresses = new Addresses();
  const actionPick = new WeightedPicker(VISITOR_ACTIONS.map(([, w]) => w));
  const forms = ['waitlist', 'vpn_request', 'contact'];
  // Visitors active right now: a visitor's attempt, code and verification sit close in time.
  const active: Visitor[] = [];
  const out = new Chunker();
  for (let i = 0; i < opts.rows; i++) {
    const t = time.at(i, rng);
    let visitor: Visitor;
    if (active.length > 0 && rng.chance(0.55)) visitor = active[rng.int(active.length)]!;
    else {
      visitor = { email: people.person(rng).email, ip: addresses.ip(rng), ua: userAgent(rng, time.month(t)) };
      if (active.length < 256) active.push(visitor);
      else active[rng.int(256)] = visitor;
    }
    const action = VISITOR_ACTIONS[actionPick.pick(rng)]![0];
    let success = true;
    let error: string | null = null;
    let email: string | null = visitor.email;
    let data: Record<string, unknown> | null = null;
    const form = FORM_OF[action] ?? rng.pick(forms);
    switch (action) {
      case 'waitlist_attempt':
      case 'vpn_request_attempt':
      case 'contact_form':
        if (rng.chance(0.08)) {
          success = false;
          error = rng.pick(ATTEMPT_ERRORS[action]!);
        }
        if (rng.chance(0.2)) data = { form };
        break;
      case 'otp_sent':
        data = { form, requestId: uuid(rng), generation: rng.chance(0.92) ? 1 : 2 };
        break;
      case 'otp_verified':
        data = { form, requestId: uuid(rng) };
        break;
      case 'otp_failed': {
        success = false;
        const reason = rng.pick(['wrong_code', 'wrong_code', 'wrong_code', 'expired', 'unknown_request']);
        error = 'Invalid or expired verification code.';
        data = {
          form,
          requestId: uuid(rng),
          reason,
          ...(reason === 'wrong_code' ? { attempts: rng.between(1, 5) } : {}),
        };
        if (reason === 'unknown_request') email = null;
        break;
      }
      case 'security_event': {
        const [type, details] = rng.pick(SECURITY_EVENT_TYPES);
        if (rng.chance(0.9)) email = null;
        data = {
          type,
          details,
          timestamp: new Date(t - rng.between(50, 900)).toISOString(),
          userAgent: visitor.ua,
          url: `https://tunnelscope.example${rng.pick(PAGES)}`,
        };
        break;
      }
      case 'rate_limited':
        success = false;
        if (rng.chance(0.5)) {
          error = 'verification codes per hour exceeded';
          data = { form, limit: 5, retryAfterSeconds: rng.between(60, 3600) };
        } else {
          error = 'rate limit exceeded';
          email = null;
          data = {
            route: rng.pick([
              '/api/waitlist',
              '/api/vpn-request',
              '/api/contact',
              '/api/verify-waitlist-otp',
            ]),
          };
        }
        break;
    }
    const line =
      `${i + 1}\t${text(email)}\t${visitor.ip}\t${copyText(visitor.ua)}\t${action}\t${bool(success)}\t${text(error)}\t` +
      `${uuid(rng)}\t${data ? copyText(JSON.stringify(data)) : NULL}\t${ts(t)}\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  const rest = out.rest();
  if (rest) yield rest;
}

/**
 * Operator actions: [action, weight, resource, is a write a view_only operator may not do], with
 * the resources and details auth-service and forms-service write (service-kit's adminLogRow).
 */
const ADMIN_ACTIONS: readonly (readonly [string, number, string | null, boolean])[] = [
  ['login_success', 12, 'admin_session', false],
  ['login_failed', 5, 'admin_session', false],
  ['logout', 8, 'admin_session', false],
  ['active_sessions_view', 10, 'admin_session', false],
  ['session_disconnect', 1.5, 'admin_session', true],
  ['permission_denied', 1, null, false],
  ['waitlist_entry_updated', 18, 'waitlist', true],
  ['waitlist_entry_deleted', 3, 'waitlist', true],
  ['vpn_request_updated', 10, 'vpn_requests', true],
  ['vpn_request_deleted', 1.5, 'vpn_requests', true],
  ['contact_updated', 8, 'contacts', true],
  ['contact_deleted', 1.5, 'contacts', true],
  ['log_entry_deleted', 2, 'logs', true],
  ['waitlist_export', 1.5, 'waitlist', false],
  ['vpn_requests_export', 1, 'vpn_requests', false],
  ['contacts_export', 1.5, 'contacts', false],
  ['logs_export', 0.8, 'logs', false],
  ['admin_users_export', 0.3, 'admin_users', false],
  ['admin_user_updated', 0.4, 'admin_user', true],
  ['admin_user_created', 0.2, 'admin_user', true],
  ['admin_password_reset', 0.2, 'admin_user', true],
  ['profile_updated', 0.3, 'admin_user', false],
  ['two_factor_enabled', 0.1, 'admin_user', false],
];

function* adminLogChunks(opts: DatasetOptions, admins: AdminUserRow[], people: People): Generator<string> {
  const rng = new Rng(opts.seed).fork('admin_logs');
  const time = new Timeline(opts.rows, opts.end);
  const addresses = new Addresses();
  const actionPick = new WeightedPicker(ADMIN_ACTIONS.map(([, w]) => w));
  const out = new Chunker();
  let joined = 0;
  let adminPick = new WeightedPicker([1]);
  for (let i = 0; i < opts.rows; i++) {
    const t = time.at(i, rng);
    // Operators who had an account at `t` (admins are sorted by creation).
    let n = 0;
    while (n < admins.length && admins[n]!.createdAt <= t) n++;
    if (n !== joined && n > 0) {
      joined = n;
      adminPick = new WeightedPicker(admins.slice(0, n).map((a) => a.weight));
    }
    const admin = admins[adminPick.pick(rng)]!;
    const picked = ADMIN_ACTIONS[actionPick.pick(rng)]!;
    let action = picked[0];
    let resource = picked[2];
    const isWrite = picked[3];
    const requestId = uuid(rng);
    let adminId: string | null = admin.id;
    let username = admin.username;
    let ip = rng.chance(0.95) ? rng.pick(admin.ips) : addresses.ip(rng);
    let ua = rng.pick(admin.agents);
    let success = true;
    let resourceId: string | null = null;
    let details: Record<string, unknown> = {};
    if (isWrite && admin.role === 'view_only') {
      const verb = action.slice(action.lastIndexOf('_') + 1);
      details = {
        operation:
          (
            { updated: 'update', deleted: 'delete', created: 'create', reset: 'reset_password' } as Record<
              string,
              string
            >
          )[verb] ?? verb,
        role: 'view_only',
      };
      resourceId = resource === 'logs' ? `visitor:${rng.between(1, i + 1)}` : uuid(rng);
      action = 'permission_denied';
      success = false;
    } else {
      switch (action) {
        case 'login_success':
          resourceId = uuid(rng);
          details = {
            method: admin.twoFactor ? rng.pick(['totp', 'totp', 'totp', 'backup_code']) : 'password',
            rememberMe: rng.chance(0.3),
          };
          break;
        case 'login_failed':
          success = false;
          if (rng.chance(0.4)) {
            adminId = null;
            username = rng.pick(UNKNOWN_USERNAMES);
            ip = addresses.ip(rng);
            ua = userAgent(rng, time.month(t));
            details = { reason: 'unknown_user' };
          } else {
            details = {
              reason: rng.pick([
                'invalid_password',
                'invalid_password',
                'invalid_totp',
                'locked',
                'captcha_failed',
              ]),
            };
          }
          break;
        case 'logout':
        case 'session_disconnect':
          resourceId = uuid(rng);
          if (action === 'session_disconnect') {
            const owner = rng.pick(admins);
            details = { ownerId: owner.id, ownerUsername: owner.username, own: owner === admin };
          }
          break;
        case 'permission_denied':
          success = false;
          // An admin refused: a change to their own account, or deleting an audit row.
          if (rng.chance(0.5)) {
            resource = 'admin_users';
            resourceId = admin.id;
            details = { operation: rng.pick(['delete', 'update']), reason: 'self' };
          } else {
            resource = 'logs';
            resourceId = `admin:${uuid(rng)}`;
            details = { operation: 'delete', reason: 'admin_log_protected' };
          }
          break;
        case 'waitlist_entry_updated':
        case 'vpn_request_updated':
        case 'contact_updated':
          resourceId = uuid(rng);
          details = rng.chance(0.6)
            ? {
                status: { from: 'Waiting', to: rng.pick(['Pending', 'Complete']) },
                notesChanged: rng.chance(0.4),
              }
            : { status: { from: 'Waiting', to: 'Waiting' }, notesChanged: true };
          break;
        case 'waitlist_entry_deleted':
        case 'vpn_request_deleted':
        case 'contact_deleted':
          resourceId = uuid(rng);
          details = {
            deleted: {
              email: people.person(rng).email,
              is_verified: rng.chance(0.3),
              status: 'Waiting',
            },
          };
          break;
        case 'log_entry_deleted':
          resourceId = `visitor:${rng.between(1, i + 1)}`;
          details = {
            deleted: { action: rng.pick(['security_event', 'rate_limited', 'otp_failed']), email: null },
          };
          break;
        case 'waitlist_export':
        case 'vpn_requests_export':
        case 'contacts_export':
        case 'logs_export':
        case 'admin_users_export':
          details = {
            rows: rng.chance(0.3) ? 10_000 : rng.between(1, 9_999),
            search: rng.chance(0.3) ? lower(people.person(rng).last) : null,
            ...(action === 'logs_export'
              ? { action: rng.pick(['all', 'all', 'admin_login', 'otp_sent']) }
              : { verified: rng.pick(['all', 'all', 'true', 'false']), sort: 'createdAt' }),
            order: 'desc',
            page: 1,
          };
          break;
        case 'profile_updated':
        case 'two_factor_enabled':
          resourceId = admin.id;
          break;
        default:
          break;
      }
    }
    const line =
      `${uuid(rng)}\t${adminId ?? NULL}\t${NULL}\t${copyText(username)}\t${action}\t${text(resource)}\t${text(resourceId)}\t` +
      `${copyText(JSON.stringify({ ...details, requestId }))}\t${ip}\t${copyText(ua)}\t${bool(success)}\t${ts(t)}\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  const rest = out.rest();
  if (rest) yield rest;
}

/** The rows of one table, as COPY text chunks. */
export function tableRows(table: LoadedTable, opts: DatasetOptions, admins: AdminUserRow[]): TableRows {
  const people = new People(opts.seed);
  const chunks = {
    waitlist_entries: () => waitlistChunks(opts, people),
    vpn_requests: () => vpnRequestChunks(opts, people),
    contact_forms: () => contactChunks(opts, people),
    registration_logs: () => registrationLogChunks(opts, people),
    admin_logs: () => adminLogChunks(opts, admins, people),
  }[table]();
  return { table, rows: opts.rows, chunks };
}
