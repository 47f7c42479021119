/**
 * The security demo page's threat detector: it names the attack a typed value looks like.
 *
 * It labels input for the demo and for security-log events; it never decides whether a value is
 * accepted (the client rules and the server schemas do). It still runs on what real visitors type
 * into the secure contact form, so every rule asks for the *shape* of an attack rather than a bare
 * keyword: "Please select a plan", "AT&T", "R&D; ping me later" and "Wait... what?" are not attacks.
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

interface Rule {
  description: string;
  test: (value: string) => boolean;
}

const matches =
  (pattern: RegExp) =>
  (value: string): boolean => {
    // Patterns are non-global, so `test` keeps no lastIndex state between calls.
    return pattern.test(value);
  };

const SQL_STATEMENT_KEYWORDS = 'SELECT|INSERT|UPDATE|DELETE|DROP|ALTER|CREATE|EXEC|TRUNCATE|SHUTDOWN|DECLARE';
// What may follow `FROM <table>` in an injected statement: a condition, the end of the statement, a
// comment or a closing parenthesis. Prose ("select one from the list") continues with a word.
const STATEMENT_END = String.raw`\s*(?:WHERE\b|;|--|#|\)|$)`;
const TABLE_NAME = String.raw`[\w.$\[\]\`"]+`;

const XSS_RULES: readonly Rule[] = [
  {
    description: 'Script, iframe, object or embed tag',
    test: matches(/<\/?(?:script|iframe|object|embed)\b/i),
  },
  { description: 'javascript: URL', test: matches(schemePattern('javascript', 'i')) },
  { description: 'vbscript: URL', test: matches(schemePattern('vbscript', 'i')) },
  {
    // Only media types a browser would run as a document or script; a data:image/png is a picture.
    description: 'Scriptable data: URL',
    test: matches(
      /\bdata[\t\n\r]*:[\t\n\r]*(?:text\/(?:html|javascript|ecmascript|xml)|application\/(?:xhtml\+xml|xml|javascript|ecmascript)|image\/svg\+xml)/i,
    ),
  },
  { description: 'Inline event handler (on…=)', test: containsEventHandler },
];

const SQL_RULES: readonly Rule[] = [
  { description: 'UNION SELECT', test: matches(/\bUNION\s+(?:ALL\s+)?SELECT\b/i) },
  {
    description: 'SELECT probe',
    test: matches(
      /\bSELECT\s+(?:\*|@@\w|NULL\b|(?:COUNT|CONCAT|CHAR|SLEEP|BENCHMARK|VERSION|USER|DATABASE|LOAD_FILE)\s*\()/i,
    ),
  },
  {
    description: 'SELECT … FROM statement',
    test: matches(new RegExp(String.raw`\bSELECT\s[^;]{0,200}?\bFROM\s+${TABLE_NAME}${STATEMENT_END}`, 'i')),
  },
  { description: 'INSERT INTO statement', test: matches(/\bINSERT\s+INTO\s+\S/i) },
  { description: 'UPDATE … SET statement', test: matches(/\bUPDATE\s+\S+\s+SET\s+\S+?\s*=/i) },
  {
    description: 'DELETE FROM statement',
    test: matches(new RegExp(String.raw`\bDELETE\s+FROM\s+${TABLE_NAME}${STATEMENT_END}`, 'i')),
  },
  {
    // "USER" is left out of DROP/ALTER: "drop user sessions" is English far more often than SQL.
    description: 'Schema change (DROP, TRUNCATE, ALTER, CREATE)',
    test: matches(
      /\b(?:(?:DROP|TRUNCATE)\s+(?:TABLE|DATABASE|SCHEMA|VIEW|INDEX|PROCEDURE|FUNCTION|TRIGGER)|ALTER\s+(?:TABLE|DATABASE|SCHEMA|VIEW|PROCEDURE|FUNCTION)|CREATE\s+(?:OR\s+REPLACE\s+)?(?:TABLE|DATABASE|SCHEMA|VIEW|PROCEDURE|FUNCTION|TRIGGER))\b/i,
    ),
  },
  {
    // EXEC('…') runs dynamic SQL; xp_/sp_ are SQL Server's system procedures. "execute (the plan)" is prose.
    description: 'Stored procedure call (EXEC)',
    test: matches(/\bEXEC(?:UTE)?(?:\s*\(\s*['"@]|\s+(?:xp_|sp_|master\.))/i),
  },
  {
    // ' OR 1=1, ' OR 'a'='a, " AND "x"="x: a quote closes the string, then an always-true comparison.
    description: "Always-true condition (' OR 1=1)",
    test: matches(/['"]\s*(?:\)\s*)?(?:OR|AND)\s+['"]?(\w+)['"]?\s*=\s*['"]?\1(?!\w)/i),
  },
  { description: "Always-true condition (' OR ''=')", test: matches(/['"]\s*OR\s+['"]{2}\s*=\s*['"]/i) },
  { description: 'Always-true condition (OR 1=1)', test: matches(/\b(?:OR|AND)\s+(\d+)\s*=\s*\1\b/i) },
  {
    // A quote or semicolon followed by a comment cuts off the rest of the query (admin'--, '; --,
    // admin'#). A lone "--" is an English dash and "'#1'" is a ranking, so neither is enough.
    description: 'SQL comment after a quote or semicolon',
    test: matches(/'(?:--|\/\*)|'#\s*$|;\s*--|'\s*--\s*$/),
  },
  {
    // Stacked statements. Upper case only: "; update me soon" is prose, "; DROP " is SQL; the
    // lower-case attack forms are caught by the statement rules above.
    description: 'Stacked SQL statement',
    test: matches(new RegExp(String.raw`;\s*(?:${SQL_STATEMENT_KEYWORDS})\s`)),
  },
];

const PATH_TRAVERSAL_RULES: readonly Rule[] = [
  { description: 'Parent directory sequence (../ or ..\\)', test: matches(/\.\.[/\\]/) },
  {
    // Percent-encoded dots or separators, including double encoding (%252e) and the overlong UTF-8
    // dot (%c0%ae) that old decoders accepted.
    description: 'Encoded parent directory sequence',
    test: matches(/(?:%2e|%252e|%c0%ae){2}|\.\.(?:%2f|%5c|%252f|%255c)|(?:%2e|%252e)\.|\.(?:%2e|%252e)/i),
  },
];

// Commands an injected shell line would run. The first group is hardly ever an English word; the
// second is ("cat", "ping", "sleep", "Ruby", "Python"), so after a metacharacter it only counts with a
// shell-looking argument: a flag, a path, a number, a variable, another metacharacter or nothing.
const SHELL_ONLY_WORDS =
  'whoami|wget|curl|bash|zsh|sh|nc|ncat|netcat|uname|chmod|chown|nslookup|mkfifo|telnet|ifconfig|ipconfig|powershell|cmd|rm|ls|sudo';
// base64 is here because `data:text/html;base64,` is a data URL, not a command after a semicolon.
const SHELL_AMBIGUOUS_WORDS = 'cat|id|ping|sleep|echo|kill|env|ps|dig|pwd|base64|python3?|perl|php|ruby';
const SHELL_ARGUMENT = String.raw`(?:\s*$|\s*[;&|\`>]|\s+[-/.~$\d])`;
// The spec's shell metacharacters ; | & ` $( ). A newline also separates shell commands, but prose is
// full of lines that begin with a word like "Python", so it is left out. A lone metacharacter is not
// an attack either ("AT&T", "R&D", "Terms | Privacy", "Hello; thanks"): a command must follow it.
const METACHARACTER = String.raw`(?:[;&|]|\$\(|\`)`;

const COMMAND_INJECTION_RULES: readonly Rule[] = [
  { description: 'Command substitution $(…)', test: matches(/\$\([^)]*\)/) },
  {
    description: 'Shell command after a metacharacter (; | & ` $( )',
    test: matches(
      new RegExp(
        String.raw`${METACHARACTER}\s*(?:(?:${SHELL_ONLY_WORDS})\b|(?:${SHELL_AMBIGUOUS_WORDS})\b${SHELL_ARGUMENT})`,
        'i',
      ),
    ),
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
    const rule = rules.find((r) => views.some((view) => r.test(view)));
    if (rule) threats.push({ type, severity: severityOf(type), description: rule.description });
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
