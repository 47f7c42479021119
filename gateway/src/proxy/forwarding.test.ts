import type { IncomingHttpHeaders } from 'node:http';
import {
  clientAddress,
  copyResponseHeaders,
  forwardedHost,
  forwardedProto,
  prepareUpstreamHeaders,
} from './forwarding.js';

const facts = {
  clientIp: '203.0.113.7',
  proto: 'https' as const,
  host: 'tunnelscope.example',
  requestId: 'req-1',
  forwardCookie: true,
};

describe('clientAddress', () => {
  it('uses the socket address and ignores the header without trusted hops', () => {
    expect(clientAddress('198.51.100.1', '1.2.3.4', 0)).toBe('198.51.100.1');
  });

  it('unwraps IPv4-mapped IPv6 socket addresses', () => {
    expect(clientAddress('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
    expect(clientAddress('::1', undefined, 0)).toBe('::1');
  });

  it('takes the n-th entry from the right with n trusted hops', () => {
    const xff = '6.6.6.6, 203.0.113.7, 10.0.0.2';
    expect(clientAddress('10.0.0.9', xff, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.9', xff, 2)).toBe('203.0.113.7');
  });

  it('joins repeated headers before counting', () => {
    expect(clientAddress('10.0.0.9', ['6.6.6.6', '203.0.113.7'], 1)).toBe('203.0.113.7');
  });

  // Issue 13 item 10: every entry of a chain shorter than the hop count is one a client could have
  // written (the request did not pass all our proxies), so none of them is believed.
  it('falls back to the socket when the header is shorter than the hop count', () => {
    expect(clientAddress('10.0.0.9', '203.0.113.7', 3)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.9', '6.6.6.6, 203.0.113.7', 3)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.9', ['6.6.6.6', '203.0.113.7'], 3)).toBe('10.0.0.9');
    // Exactly as long as the hop count: the leftmost entry is the one our outermost proxy wrote.
    expect(clientAddress('10.0.0.9', '198.51.100.4, 203.0.113.7', 2)).toBe('198.51.100.4');
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    expect(clientAddress('10.0.0.9', '1.2.3.4, not-an-ip', 1)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.9', '', 1)).toBe('10.0.0.9');
  });

  it('drops ports that some proxies append', () => {
    expect(clientAddress('10.0.0.9', '203.0.113.7:51234', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', '[2001:db8::1]:443', 1)).toBe('2001:db8::1');
  });
});

describe('forwardedProto and forwardedHost', () => {
  it('believes X-Forwarded-Proto only from trusted hops', () => {
    expect(forwardedProto(false, { 'x-forwarded-proto': 'https' }, 0)).toBe('http');
    expect(forwardedProto(false, { 'x-forwarded-proto': 'https' }, 1)).toBe('https');
    expect(forwardedProto(false, { 'x-forwarded-proto': 'https, http' }, 1)).toBe('http');
    expect(forwardedProto(true, {}, 0)).toBe('https');
  });

  it('uses the outer proxy host only with trusted hops, and refuses odd values', () => {
    const headers = { host: 'gateway:8080', 'x-forwarded-host': 'tunnelscope.example' };
    expect(forwardedHost(headers, 0)).toBe('gateway:8080');
    expect(forwardedHost(headers, 1)).toBe('tunnelscope.example');
    expect(forwardedHost({ host: 'a b<script>' }, 0)).toBeUndefined();
  });
});

describe('prepareUpstreamHeaders', () => {
  it('strips hop-by-hop headers, those named by Connection, and proxy-*', () => {
    const headers: IncomingHttpHeaders = {
      connection: 'keep-alive, x-drop-me, content-length',
      'keep-alive': 'timeout=5',
      'proxy-authorization': 'Basic abc',
      'proxy-connection': 'keep-alive',
      te: 'trailers',
      trailer: 'x-checksum',
      upgrade: 'websocket',
      expect: '100-continue',
      'x-drop-me': '1',
      'content-length': '12',
      'content-type': 'application/json',
      cookie: 'a=b',
    };
    expect(prepareUpstreamHeaders(headers, facts)).toBe(true);
    for (const name of [
      'connection',
      'keep-alive',
      'proxy-authorization',
      'proxy-connection',
      'te',
      'trailer',
      'upgrade',
      'expect',
      'x-drop-me',
    ]) {
      expect(headers).not.toHaveProperty(name);
    }
    // Framing survives even when Connection names it; end-to-end headers pass.
    expect(headers).toMatchObject({
      'content-length': '12',
      'content-type': 'application/json',
      cookie: 'a=b',
    });
  });

  it('replaces every internal and forwarding header a client sent', () => {
    const headers: IncomingHttpHeaders = {
      'x-tunnelscope-gateway': 'forged',
      'x-tunnelscope-admin-id': '1',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-prefix': '/evil',
      'x-forwarded-port': '1',
      forwarded: 'for=6.6.6.6',
      'x-real-ip': '6.6.6.6',
    };
    prepareUpstreamHeaders(headers, { ...facts, prefix: '/admin-abc' });
    expect(headers).toEqual({
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'tunnelscope.example',
      'x-forwarded-prefix': '/admin-abc',
      'x-request-id': 'req-1',
    });
  });

  it('drops the session cookie for every service but auth-service (issue 13, item 2)', () => {
    const headers: IncomingHttpHeaders = {
      cookie: 'ts_admin_session=abc',
      'content-type': 'application/json',
    };
    prepareUpstreamHeaders(headers, { ...facts, forwardCookie: false });
    expect(headers).not.toHaveProperty('cookie');
    expect(headers['content-type']).toBe('application/json');
  });

  it('keeps a chunked body chunked and refuses other transfer codings', () => {
    const chunked: IncomingHttpHeaders = { 'transfer-encoding': 'Chunked' };
    expect(prepareUpstreamHeaders(chunked, facts)).toBe(true);
    expect(chunked['transfer-encoding']).toBe('chunked');
    expect(prepareUpstreamHeaders({ 'transfer-encoding': 'gzip, chunked' }, facts)).toBe(false);
  });
});

describe('copyResponseHeaders', () => {
  it('copies end-to-end headers except hop-by-hop and reserved ones', () => {
    const set: Record<string, string | string[]> = {};
    copyResponseHeaders(
      {
        connection: 'keep-alive, x-hop',
        'keep-alive': 'timeout=72',
        'transfer-encoding': 'chunked',
        'x-hop': '1',
        'content-type': 'application/json',
        'set-cookie': ['a=1', 'b=2'],
        'content-security-policy': 'default-src *',
      },
      { setHeader: (n: string, v: string | string[]) => (set[n] = v) },
      new Set(['content-security-policy']),
    );
    expect(set).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
  });
});
