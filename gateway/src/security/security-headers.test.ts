import Fastify from 'fastify';
import {
  contentSecurityPolicy,
  GATEWAY_HEADER_NAMES,
  HSTS_VALUE,
  registerSecurityHeaders,
} from './security-headers.js';

/** Headers any Fastify answer has, security or not. */
const ORDINARY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

async function headersOf(overTls: boolean) {
  const app = Fastify();
  await registerSecurityHeaders(app, {
    turnstileOrigin: 'https://turnstile.example',
    overTls: () => overTls,
  });
  app.get('/', async () => 'ok');
  const res = await app.inject('/');
  await app.close();
  return res.headers;
}

describe('registerSecurityHeaders', () => {
  it('sends exactly the headers an upstream may not replace, HSTS only over TLS', async () => {
    const overTls = await headersOf(true);
    const sent = Object.keys(overTls).filter((name) => !ORDINARY.has(name));
    expect(new Set(sent)).toEqual(GATEWAY_HEADER_NAMES);
    expect(overTls['strict-transport-security']).toBe(HSTS_VALUE);

    const plain = await headersOf(false);
    expect(plain).not.toHaveProperty('strict-transport-security');
  });

  it('allows the Turnstile origin for scripts and frames, or only the site itself without one', () => {
    expect(contentSecurityPolicy('https://turnstile.example')).toContain(
      "script-src 'self' https://turnstile.example; ",
    );
    expect(contentSecurityPolicy(null)).toContain("script-src 'self'; ");
    expect(contentSecurityPolicy(null)).toContain("frame-src 'self'; ");
  });

  it("allows the pages' own inline scripts by hash, never 'unsafe-inline'", () => {
    const csp = contentSecurityPolicy('https://turnstile.example', ["'sha256-abc='", "'sha256-def='"]);
    expect(csp).toContain("script-src 'self' https://turnstile.example 'sha256-abc=' 'sha256-def='; ");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
  });
});
