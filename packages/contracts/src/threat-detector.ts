/**
 * The security demo page's threat detector: it names the attack a typed value looks like.
 *
 * It labels input for the demo and for security-log events; it never decides whether a value is
 * accepted (the client rules and the server schemas do). The XSS and path rules ask for the shape of
 * an attack; the SQL and command rules are the spec's own, exactly (issue 15): a SQL keyword
 * followed by whitespace, and any shell metacharacter. Those two are loose by design, so a
 * harmless sentence ("Please select a plan", "AT&T") is labelled too; each description names the
 * keyword or character that set it off, and the demo page says why.
 * All patterns are written so that matching stays linear in the input length.
 */
import { containsEventHandler, schemePattern } from './sanitizer.js';

export const THREAT_TYPES = [
  'XSS_ATTEMPT',
  'SQL_INJECTION_ATTEMPT',
  'PATH_TRAVERSAL_ATTEMPT',
  'COMMAND_INJECTION_ATTEMPT',
] as const;
export type ThreatType = (typeof THREAT_TYPES)[number];

export const THREAT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type ThreatSeverity = (typeof THREAT_SEVERITIES)[number];

export interface Threat {
  type: ThreatType;
  severity: ThreatSeverity;
  /** What was seen, in words a person reads on the demo page or in the security log. */
  description: string;
}

const SEVERITY_BY_TYPE: Readonly<Record<ThreatType, ThreatSeverity>> = {
  XSS_ATTEMPT: 'high',
  SQL_INJECTION_ATTEMPT: 'high',
  PATH_TRAVERSAL_ATTEMPT: 'medium',
  COMMAND_INJECTION_ATTEMPT: 'medium',
};

/** Severity of a threat type; anything the table does not name is 'low' (the spec's default). */
export function severityOf(type: string): ThreatSeverity {
  return (SEVERITY_BY_TYPE as Readonly<Record<string, ThreatSeverity>>)[type] ?? 'low';
}

/**
 * A rule either has a fixed description and a test (a non-global pattern, so `test` keeps no
 * lastIndex state between calls), or describes what it saw in `value` itself (the demo page shows
 * which keyword or character set it off), answering null when it sees nothing.
 */
type Rule =
  | { description: string; test: RegExp | ((value: string) => boolean) }
  | { describe: (value: string) => string | null };

function describeMatch(rule: Rule, value: string): string | null {
  if ('describe' in rule) return rule.describe(value);
  const hit = typeof rule.test === 'function' ? rule.test(value) : rule.test.test(value);
  return hit ? rule.description : null;
}

const XSS_RULES: readonly Rule[] = [
  {
    description: 'Script, iframe, object or embed tag',
    test: /<\/?(?:script|iframe|object|embed)\b/i,
  },
  { description: 'javascript: URL', test: schemePattern('javascript', 'i') },
  { description: 'vbscript: URL', test: schemePattern('vbscript', 'i') },
  {
    // Only media types a browser would run as a document or script; a data:image/png is a picture.
    description: 'Scriptable data: URL',
    test: /\bdata[\t\n\r]*:[\t\n\r]*(?:text\/(?:html|javascript|ecmascript|xml)|application\/(?:xhtml\+xml|xml|javascript|ecmascript)|image\/svg\+xml)/i,
  },
  { description: 'Inline event handler (on…=)', test: containsEventHandler },
];

// The spec's SQL rule, exactly: a SQL keyword followed by whitespace. It is deliberately loose, so
// "Please select a plan" is flagged too; the demo page says so next to its result.
export const SQL_KEYWORDS = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'DROP',
  'CREATE',
  'ALTER',
  'EXEC',
  'EXECUTE',
  'UNION',
  'TRUNCATE',
  'DECLARE',
] as const;
const SQL_KEYWORD_THEN_SPACE = new RegExp(String.raw`\b(${SQL_KEYWORDS.join('|')})\s`, 'i');

const SQL_RULES: readonly Rule[] = [
  {
    describe: (value) => {
      const found = SQL_KEYWORD_THEN_SPACE.exec(value);
      return found ? `SQL keyword "${found[1]!.toUpperCase()}" followed by whitespace` : null;
    },
  },
];

const PATH_TRAVERSAL_RULES: readonly Rule[] = [
  { description: 'Parent directory sequence (../ or ..\\)', test: /\.\.[/\\]/ },
  {
    // Percent-encoded dots or separators, including double encoding (%252e) and the overlong UTF-8
    // dot (%c0%ae) that old decoders accepted.
    description: 'Encoded parent directory sequence',
    test: /(?:%2e|%252e|%c0%ae){2}|\.\.(?:%2f|%5c|%252f|%255c)|(?:%2e|%252e)\.|\.(?:%2e|%252e)/i,
  },
];

// The spec's command rule, exactly: any shell metacharacter ; | & ` or $( . Loose on purpose
// ("AT&T", "Hello; thanks" are flagged), as the demo page explains next to its result.
export const SHELL_METACHARACTERS = [';', '|', '&', '`', '$('] as const;
const SHELL_METACHARACTER = /[;|&`]|\$\(/;

const COMMAND_INJECTION_RULES: readonly Rule[] = [
  {
    describe: (value) => {
      const found = SHELL_METACHARACTER.exec(value);
      return found ? `Shell metacharacter "${found[0]}"` : null;
    },
  },
];

const RULES_BY_TYPE: ReadonlyArray<readonly [ThreatType, readonly Rule[]]> = [
  ['XSS_ATTEMPT', XSS_RULES],
  ['SQL_INJECTION_ATTEMPT', SQL_RULES],
  ['PATH_TRAVERSAL_ATTEMPT', PATH_TRAVERSAL_RULES],
  ['COMMAND_INJECTION_ATTEMPT', COMMAND_INJECTION_RULES],
];

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
  colon: ':',
  sol: '/',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
};

/** HTML entities are decoded by a browser inside attributes: `&#106;avascript:` is `javascript:`. */
function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));?/gi,
    (whole: string, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

/** `%3Cscript%3E` reaches a server as `<script>`; a malformed escape leaves the text as it was. */
function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Labels the attack shapes found in `value`: at most one threat per type, in the order of
 * THREAT_TYPES, each described by the first rule that matched. The raw text is examined, plus its
 * percent-decoded and entity-decoded forms, since those are what a server or browser would see.
 */
export function detectThreats(value: string): Threat[] {
  if (typeof value !== 'string' || value === '') return [];
  const views = [value];
  if (value.includes('%')) views.push(decodePercent(value));
  if (value.includes('&')) views.push(decodeEntities(value));

  const threats: Threat[] = [];
  for (const [type, rules] of RULES_BY_TYPE) {
    let description: string | null = null;
    for (const rule of rules) {
      for (const view of views) {
        description = describeMatch(rule, view);
        if (description !== null) break;
      }
      if (description !== null) break;
    }
    if (description !== null) threats.push({ type, severity: severityOf(type), description });
  }
  return threats;
}

const SEVERITY_RANK: Readonly<Record<ThreatSeverity, number>> = { low: 1, medium: 2, high: 3 };

/** The most severe level among `threats`, or null when there are none. */
export function highestSeverity(threats: readonly Pick<Threat, 'severity'>[]): ThreatSeverity | null {
  let highest: ThreatSeverity | null = null;
  for (const { severity } of threats) {
    if (highest === null || SEVERITY_RANK[severity] > SEVERITY_RANK[highest]) highest = severity;
  }
  return highest;
}

export interface AttackExample {
  id: string;
  label: string;
  payload: string;
}

/** The six attack examples of the security demo page, shared by the UI and the tests. */
export const ATTACK_EXAMPLES: readonly AttackExample[] = [
  { id: 'script-injection', label: 'Script injection', payload: "<script>alert('XSS')</script>" },
  {
    id: 'html-injection',
    label: 'HTML injection',
    payload: '<h1>Account suspended</h1><iframe src="https://evil.example/login"></iframe>',
  },
  { id: 'sql-injection', label: 'SQL injection', payload: "' OR '1'='1'; DROP TABLE users; --" },
  { id: 'javascript-protocol', label: 'JavaScript protocol', payload: "javascript:alert('XSS')" },
  {
    id: 'data-url',
    label: 'Data URL',
    payload: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4=',
  },
  { id: 'event-handler', label: 'Event handler', payload: "<img src=x onerror=alert('XSS')>" },
];
