import { escapeHtml, html, oneLine, safeHref, SafeHtml } from './html.js';

describe('html tagged template', () => {
  it('escapes every interpolated string', () => {
    const out = html`<p title="${'"x" & \'y\''}">${'<script>alert(1)</script>'}</p>`;
    expect(out.value).toBe(
      '<p title="&quot;x&quot; &amp; &#39;y&#39;">&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('inserts SafeHtml as is and flattens arrays', () => {
    const inner = html`<b>${'a<b'}</b>`;
    const out = html`<div>${[inner, 'c>d', null, undefined, false]}</div>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe('<div><b>a&lt;b</b>c&gt;d</div>');
  });

  it('renders numbers as text', () => {
    expect(html`${5} minutes`.value).toBe('5 minutes');
  });
});

describe('escapeHtml', () => {
  it('leaves plain text alone', () => {
    expect(escapeHtml("O Brien's VPN")).toBe('O Brien&#39;s VPN');
    expect(escapeHtml('plain text 123')).toBe('plain text 123');
  });
});

describe('safeHref', () => {
  it('accepts http and https URLs', () => {
    expect(safeHref('https://play.google.com/store/apps/details?id=a.b&x=1')).toBe(
      'https://play.google.com/store/apps/details?id=a.b&x=1',
    );
    expect(safeHref('http://localhost:8080')).toBe('http://localhost:8080/');
  });

  it('refuses script, data and relative URLs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });
});

describe('oneLine', () => {
  it('turns line breaks and control characters into single spaces', () => {
    expect(oneLine('Hello\r\nBcc: victim@example.com\tthere')).toBe('Hello Bcc: victim@example.com there');
    expect(oneLine('  a \u2028 b  ')).toBe('a b');
  });
});
