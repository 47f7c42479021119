import { checkAdminWrite, isJsonContentType, readSessionToken } from './admin-request-checks.js';

const TOKEN = 'AbC_dEf-0123456789abcdef';

describe('readSessionToken', () => {
  it('reads the plain cookie over HTTP and only the __Secure- one behind TLS', () => {
    const both = `theme=dark; ts_admin_session=${TOKEN}; __Secure-ts_admin_session=${TOKEN}x`;
    expect(readSessionToken(both, false)).toBe(TOKEN);
    expect(readSessionToken(both, true)).toBe(`${TOKEN}x`);
    expect(readSessionToken(`ts_admin_session=${TOKEN}`, true)).toBeUndefined();
  });

  it('ignores values that cannot be our tokens', () => {
    expect(readSessionToken('ts_admin_session=short', false)).toBeUndefined();
    expect(readSessionToken('ts_admin_session=has spaces and "quotes" in it', false)).toBeUndefined();
    expect(readSessionToken(undefined, false)).toBeUndefined();
  });
});

describe('checkAdminWrite', () => {
  const origin = 'https://tunnelscope.example';
  it('lets reads through whatever their headers', () => {
    expect(checkAdminWrite('GET', {}, origin)).toBeNull();
  });
  it('requires the same origin, then JSON', () => {
    expect(checkAdminWrite('DELETE', { origin, 'content-type': 'application/json' }, origin)).toBeNull();
    expect(
      checkAdminWrite(
        'PUT',
        { origin: 'http://tunnelscope.example', 'content-type': 'application/json' },
        origin,
      )?.status,
    ).toBe(403);
    expect(checkAdminWrite('PATCH', { origin, 'content-type': 'text/plain' }, origin)?.status).toBe(415);
  });
  it('lets a DELETE without a body through without a Content-Type, but not from another origin (issue 13 item 9)', () => {
    expect(checkAdminWrite('DELETE', { origin }, origin)).toBeNull();
    expect(checkAdminWrite('DELETE', { origin, 'content-length': '0' }, origin)).toBeNull();
    expect(checkAdminWrite('DELETE', { origin: 'https://evil.example' }, origin)?.status).toBe(403);
    expect(checkAdminWrite('DELETE', {}, origin)?.status).toBe(403);
    // A body still has to be JSON, and other writes still need the type even without one.
    expect(checkAdminWrite('DELETE', { origin, 'content-length': '2' }, origin)?.status).toBe(415);
    expect(checkAdminWrite('DELETE', { origin, 'transfer-encoding': 'chunked' }, origin)?.status).toBe(415);
    expect(checkAdminWrite('POST', { origin }, origin)?.status).toBe(415);
  });
  it('recognises JSON only as application/json', () => {
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/json-patch+json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
