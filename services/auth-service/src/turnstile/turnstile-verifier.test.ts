import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTurnstileVerifier } from './turnstile-verifier.js';

/** A siteverify stand-in whose answer each test chooses (null: never answer). */
async function fakeSiteverify(answer: () => { status: number; body: string } | null) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(`${req.headers['content-type']}|${body}`);
      const a = answer();
      if (!a) return; // hang
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('createTurnstileVerifier', () => {
  it('posts secret, response and remoteip as a form and passes on success: true', async () => {
    const fake = await fakeSiteverify(() => ({ status: 200, body: '{"success":true,"error-codes":[]}' }));
    const verifier = createTurnstileVerifier({ secret: 's3cret', verifyUrl: fake.url, timeoutMs: 1000 });
    expect(await verifier.verify('tok en', '203.0.113.5')).toEqual({ ok: true });
    expect(fake.received).toEqual([
      'application/x-www-form-urlencoded|secret=s3cret&response=tok+en&remoteip=203.0.113.5',
    ]);
    await fake.close();
  });

  it('refuses success: false with its error codes, bounded', async () => {
    const codes = Array.from({ length: 20 }, (_, i) => `code-${i}`);
    const fake = await fakeSiteverify(() => ({
      status: 200,
      body: JSON.stringify({ success: false, 'error-codes': [...codes, 5] }),
    }));
    const verifier = createTurnstileVerifier({ secret: 's', verifyUrl: fake.url, timeoutMs: 1000 });
    const outcome = await verifier.verify('t', '203.0.113.5');
    expect(outcome).toMatchObject({ ok: false, reason: 'refused' });
    expect(outcome.ok === false && outcome.errorCodes).toHaveLength(10);
    await fake.close();
  });

  it.each([
    ['an HTTP error', () => ({ status: 500, body: 'oops' })],
    ['a body that is not JSON', () => ({ status: 200, body: '<html>' })],
  ])('treats %s as a failure', async (_label, answer) => {
    const fake = await fakeSiteverify(answer);
    const verifier = createTurnstileVerifier({ secret: 's', verifyUrl: fake.url, timeoutMs: 1000 });
    expect((await verifier.verify('t', '203.0.113.5')).ok).toBe(false);
    await fake.close();
  });

  it('gives up after its timeout and refuses', async () => {
    const fake = await fakeSiteverify(() => null);
    const verifier = createTurnstileVerifier({ secret: 's', verifyUrl: fake.url, timeoutMs: 150 });
    const started = Date.now();
    expect(await verifier.verify('t', '203.0.113.5')).toEqual({
      ok: false,
      reason: 'unreachable',
      errorCodes: ['timeout'],
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await fake.close();
  });

  it('refuses when nothing listens', async () => {
    const verifier = createTurnstileVerifier({
      secret: 's',
      verifyUrl: 'http://127.0.0.1:9/x',
      timeoutMs: 1000,
    });
    expect(await verifier.verify('t', '203.0.113.5')).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
