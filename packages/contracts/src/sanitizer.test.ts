import { containsEventHandler, encodeForDisplay, isChangedBySanitizing, sanitizeInput } from './sanitizer.js';

const WIDE = { maxLength: 10_000 };

describe('sanitizeInput', () => {
  describe('removes HTML and active content', () => {
    it.each([
      ['a script block with its body', '<script>alert(1)</script>Bob', 'Bob'],
      ['a script block in any case, with attributes', '<SCRIPT src="x.js">alert(1)</SCRIPT >Bob', 'Bob'],
      ['an unclosed script block up to the end', 'Bob<script>alert(1)', 'Bob'],
      ['an iframe block with its body', 'ok <iframe src="https://evil.example">fallback</iframe>', 'ok'],
      ['an object block with its fallback body', '<object data="x.swf">fallback</object>ok', 'ok'],
      ['an embed tag (a void element)', '<embed src="x.swf">ok', 'ok'],
      ['a reassembled script block', '<scr<script></script>ipt>alert(1)</script>', ''],
      ['a script tag revealed by stripping another tag', '<<b>script>alert(1)', ''],
      ['ordinary tags, keeping their text', 'a <b>bold</b> move', 'a bold move'],
      ['an unclosed tag with a handler', 'Hi <img src=x onerror=alert(1)', 'Hi'],
      ['a tag whose quoted attribute holds ">"', '<a title=">" onclick=x>t</a>', 't'],
      ['an HTML comment', '<!-- <script>x</script> --> there', 'there'],
      ['a doctype', '<!DOCTYPE html>page', 'page'],
      ['a javascript: URL', 'javascript:alert(1)', 'alert(1)'],
      ['a javascript: URL split by a tab', 'java\tscript:alert(1)', 'alert(1)'],
      ['a JavaScript: URL in mixed case', 'JaVaScRiPt:alert(1)', 'alert(1)'],
      ['a vbscript: URL', 'vbscript:msgbox(1)', 'msgbox(1)'],
      [
        'a data: URL with a media type',
        'data:text/html;base64,PHNjcmlwdD4=',
        'text/html;base64,PHNjcmlwdD4=',
      ],
      ['a bare data:, URL', 'data:,hello', ',hello'],
      ['an on…= handler', 'x onclick=y', 'x y'],
      ['an on…= handler with spaces around =', 'x onmouseover = y', 'x y'],
      ['an attribute-breakout handler', '" onfocus="alert(1)', '" "alert(1)'],
    ])('%s', (_case, input, expected) => {
      expect(sanitizeInput(input, WIDE)).toBe(expected);
    });
  });

  describe('leaves ordinary text alone', () => {
    it.each([
      ["an apostrophe (O'Brien)", "O'Brien"],
      ['an ampersand (AT&T)', 'AT&T'],
      [
        'a Play Store URL with a query',
        'https://play.google.com/store/apps/details?id=com.example.vpn&hl=en',
      ],
      ['a "<" that opens no tag', 'I <3 it and x<5 and a < b'],
      ['a ">" on its own', 'y>3'],
      ['"data:" in prose', 'data: 5 rows'],
      ['"metadata:" (not a data URL)', 'metadata:text/plain'],
      ['"javascript :" with a space (not a scheme)', 'javascript :is fine'],
      ['English words that start with "on" before "="', 'the one= thing, only=1, once = twice, online=yes'],
      ['"on" inside a word', 'reason=1 button=2'],
      ['quotes and slashes', 'He said "yes" / no'],
    ])('%s', (_case, input) => {
      expect(sanitizeInput(input, WIDE)).toBe(input);
    });
  });

  it('trims the value', () => {
    expect(sanitizeInput('  \t Ann \n ', WIDE)).toBe('Ann');
  });

  it.each([
    ['cuts to the maximum length', 'abcdef', 3, 'abc'],
    ['keeps a value of exactly the maximum length', 'abc', 3, 'abc'],
    ['trims before cutting', '   abcdef', 3, 'abc'],
    ['does not leave half of an emoji behind', 'ab😀', 3, 'ab'],
    ['trims what the cut leaves at the end', 'ab cd', 3, 'ab'],
  ])('%s', (_case, input, maxLength, expected) => {
    expect(sanitizeInput(input, { maxLength })).toBe(expected);
  });

  it.each([
    ['collapses every run of whitespace by default', { maxLength: 100 }, 'a b c d'],
    [
      'keeps spacing and line breaks when spacing is preserved',
      { maxLength: 100, preserveSpacing: true },
      'a  b\n\nc\td',
    ],
    [
      'turns each line break into a space when asked',
      { maxLength: 100, preserveSpacing: true, newlinesToSpaces: true },
      'a  b  c\td',
    ],
  ])('%s', (_case, options, expected) => {
    expect(sanitizeInput('  a  b\n\nc\td  ', options)).toBe(expected);
  });

  it('turns a Windows line break into one space', () => {
    expect(
      sanitizeInput('a\r\nb\rc', { maxLength: 100, preserveSpacing: true, newlinesToSpaces: true }),
    ).toBe('a b c');
  });

  it('never entity-encodes (that is for display only)', () => {
    expect(sanitizeInput(`Tom & "Jerry" <3 it's a/b`, WIDE)).toBe(`Tom & "Jerry" <3 it's a/b`);
  });

  it('answers an empty string for a value that is not a string', () => {
    expect(sanitizeInput(undefined as unknown as string, WIDE)).toBe('');
  });

  it('stays fast on hostile input (every pattern is linear)', () => {
    const hostile = [
      '<script'.repeat(30_000),
      '<a '.repeat(60_000),
      'onx'.repeat(60_000),
      '<a' + '"'.repeat(90_000),
    ];
    const started = Date.now();
    for (const value of hostile) sanitizeInput(value, { maxLength: Number.POSITIVE_INFINITY });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('isChangedBySanitizing', () => {
  it.each([
    ['stripping a tag', 'Ann <b>Lee</b>'],
    ['removing a script block', '<script>alert(1)</script>'],
    ['removing an iframe block', '<iframe src=x></iframe>'],
    ['removing an object block', '<object data=x></object>'],
    ['removing an embed tag', '<embed src=x>'],
    ['removing an unclosed tag', 'x <img src=x onerror=alert(1)'],
    ['removing javascript:', 'javascript:alert(1)'],
    ['removing vbscript:', 'vbscript:msgbox(1)'],
    ['removing data:', 'data:text/html,hi'],
    ['removing an on…= handler', 'a onload=b'],
  ])('is true after %s', (_case, input) => {
    expect(isChangedBySanitizing(input)).toBe(true);
  });

  it.each([
    ['trimming', '  Ann  '],
    ['whitespace collapsing', 'Ann \t\n  Lee'],
    ['entity encoding would change it', `O'Brien & "Sons" a/b`],
    ['an ampersand', 'AT&T'],
    ['a Play Store URL', 'https://play.google.com/store/apps/details?id=com.example.vpn&hl=en'],
    ['"data:" in prose', 'data: 5 rows'],
    ['"one=" in prose', 'the one= thing'],
    ['a heart', 'I <3 it'],
    ['an empty value', ''],
  ])('is false for %s', (_case, input) => {
    expect(isChangedBySanitizing(input)).toBe(false);
  });

  it('examines only the part kept by the maximum length', () => {
    const value = 'x'.repeat(10) + '<b>';
    expect(isChangedBySanitizing(value, { maxLength: 10 })).toBe(false);
    expect(isChangedBySanitizing(value, { maxLength: 13 })).toBe(true);
  });

  it('ignores the spacing options', () => {
    expect(
      isChangedBySanitizing('a\n\nb', { maxLength: 10, newlinesToSpaces: true, preserveSpacing: true }),
    ).toBe(false);
  });
});

describe('containsEventHandler', () => {
  it.each([
    ['onerror=alert(1)', true],
    ['<svg/onload=alert(1)>', true],
    ['ONCLICK = x', true],
    ['the one= thing', false],
    ['only=1 once=2 online=3', false],
    ['reason=1', false],
    ['on=1', false],
  ])('%j → %s', (input, expected) => {
    expect(containsEventHandler(input)).toBe(expected);
  });
});

describe('encodeForDisplay', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#x27;'],
    ['/', '&#x2F;'],
  ])('encodes %s as %s', (input, expected) => {
    expect(encodeForDisplay(input)).toBe(expected);
  });

  it('encodes a whole string once, ampersands first', () => {
    expect(encodeForDisplay(`<a href="x">O'Brien &amp; co/</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;O&#x27;Brien &amp;amp; co&#x2F;&lt;&#x2F;a&gt;',
    );
  });

  it('leaves other text untouched', () => {
    expect(encodeForDisplay('José Zoë 123 ok')).toBe('José Zoë 123 ok');
  });
});
