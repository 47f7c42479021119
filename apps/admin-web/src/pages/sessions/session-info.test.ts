import { formatRelative, guessBrowser, guessLocation, isExpiringSoon } from './session-info.js';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  curl: 'curl/8.5.0',
};

describe('guessBrowser', () => {
  it('names Edge although its user agent also names Chrome and Safari', () => {
    expect(guessBrowser(UA.edge)).toBe('Edge');
    expect(guessBrowser(UA.edgeAndroid)).toBe('Edge');
  });

  it('names Chrome although its user agent also names Safari', () => {
    expect(guessBrowser(UA.chrome)).toBe('Chrome');
    expect(guessBrowser(UA.chromeIos)).toBe('Chrome');
    expect(
      guessBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome');
  });

  it('names Firefox and Safari', () => {
    expect(guessBrowser(UA.firefox)).toBe('Firefox');
    expect(guessBrowser(UA.safari)).toBe('Safari');
  });

  it('answers Unknown for anything else or nothing', () => {
    expect(guessBrowser(UA.curl)).toBe('Unknown');
    expect(guessBrowser('')).toBe('Unknown');
    expect(guessBrowser(null)).toBe('Unknown');
  });
});

describe('guessLocation', () => {
  it('calls 127.x and localhost Local, IPv4-mapped and ::1 included', () => {
    expect(guessLocation('127.0.0.1')).toBe('Local');
    expect(guessLocation('127.12.0.9')).toBe('Local');
    expect(guessLocation('localhost')).toBe('Local');
    expect(guessLocation('::ffff:127.0.0.1')).toBe('Local');
    expect(guessLocation('::1')).toBe('Local');
  });

  it('calls 192.168.x and 10.x Private Network', () => {
    expect(guessLocation('192.168.1.20')).toBe('Private Network');
    expect(guessLocation('10.0.0.4')).toBe('Private Network');
    expect(guessLocation('::ffff:10.1.2.3')).toBe('Private Network');
  });

  it('calls every other address External', () => {
    expect(guessLocation('203.0.113.7')).toBe('External');
    expect(guessLocation('8.8.8.8')).toBe('External');
    expect(guessLocation('100.10.0.1')).toBe('External'); // starts with "10" but not "10."
    expect(guessLocation('2001:db8::1')).toBe('External');
  });

  it('answers Unknown when no address was recorded', () => {
    expect(guessLocation(null)).toBe('Unknown');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('says just now within the minute', () => {
    expect(formatRelative(at(-10_000), now)).toBe('just now');
    expect(formatRelative(at(20_000), now)).toBe('just now');
  });

  it('uses minutes, hours and days, past and future', () => {
    expect(formatRelative(at(-5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelative(at(-2 * 3_600_000), now)).toBe('2 hours ago');
    expect(formatRelative(at(11 * 3_600_000), now)).toBe('in 11 hours');
    expect(formatRelative(at(-3 * 86_400_000), now)).toBe('3 days ago');
    expect(formatRelative(at(30 * 86_400_000), now)).toBe('in 30 days');
    expect(formatRelative(at(-86_400_000), now)).toBe('yesterday');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatRelative('not a date', now)).toBe('—');
  });
});

describe('isExpiringSoon', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('is true under one hour before the expiry', () => {
    expect(isExpiringSoon(at(59 * 60_000), now)).toBe(true);
    expect(isExpiringSoon(at(1_000), now)).toBe(true);
  });

  it('is false at one hour or more, and once expired', () => {
    expect(isExpiringSoon(at(60 * 60_000), now)).toBe(false);
    expect(isExpiringSoon(at(5 * 3_600_000), now)).toBe(false);
    expect(isExpiringSoon(at(-1_000), now)).toBe(false);
  });
});
