import http from 'node:http';
import { createRequire } from 'node:module';
import { upstreamPath } from './internal-signing.js';

const { setupOutgoing } = createRequire(import.meta.url)('http-proxy/lib/http-proxy/common.js') as {
  setupOutgoing: (
    outgoing: object,
    options: object,
    req: { url: string; method: string; headers: object },
  ) => { path: string };
};

describe('upstreamPath', () => {
  it.each([
    '/api/waitlist',
    '/data/waitlist?page=2&sort=email',
    '/vpn-db/search?q=a?b',
    '//api//x',
    '/api/x/',
    '/api/%2e%2e/x?y=%20',
    '/auth/login?',
    '/api/http:/x',
  ])('is the path http-proxy writes for %s', (url) => {
    const expected = setupOutgoing(
      {},
      { target: 'http://127.0.0.1:4001', agent: new http.Agent() },
      {
        url,
        method: 'GET',
        headers: {},
      },
    ).path;
    expect(upstreamPath(url)).toBe(expected);
  });
});
