import zlib from 'node:zlib';
import { PUBLIC_ROUTES } from '@tunnelscope/contracts';
import {
  ADMIN_HEX,
  BIG_SCRIPT,
  deadUrl,
  makeDistFixtures,
  send,
  startGateway,
  type Fixtures,
  type RunningGateway,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;

function runtimeConfigOf(html: string): Record<string, string> {
  const match = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no runtime-config block');
  return JSON.parse(match[1]!) as Record<string, string>;
}

describe('gateway site with built SPAs', () => {
  let fx: Fixtures;
  let gw: RunningGateway;

  beforeAll(async () => {
    fx = await makeDistFixtures();
    const down = await deadUrl();
    gw = await startGateway({
      PUBLIC_WEB_DIST: fx.publicDist,
      ADMIN_WEB_DIST: fx.adminDist,
      FORMS_SERVICE_URL: down,
      AUTH_SERVICE_URL: down,
      ANALYTICS_SERVICE_URL: down,
      BRAND_NAME: 'Acme </script> Detect',
      SALES_EMAIL: 'deals@acme.example',
      SUPPORT_EMAIL: 'help@acme.example',
      TURNSTILE_SITE_KEY: '2x00000000000000000000AB',
      TURNSTILE_SCRIPT_URL: 'http://127.0.0.1:9/turnstile/api.js',
    });
  });

  afterAll(async () => {
    await gw.close();
    await fx.cleanup();
  });

  describe('public SPA', () => {
    it.each([...PUBLIC_ROUTES])('serves %s with the SPA and status 200', async (route) => {
      const res = await send(gw.url + route);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<title>Public fixture</title>');
    });

    it('serves unknown paths with the SPA (its 404 page) and status 404', async () => {
      for (const path of ['/nope', '/waitlist/extra', '/admin', '/index.html', '/assets/missing-000.js']) {
        const res = await send(gw.url + path);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('<title>Public fixture</title>');
      }
    });

    it('serves a wrong admin prefix exactly like any unknown path', async () => {
      const unknown = await send(`${gw.url}/no-such-page`);
      for (const path of [
        `/admin-${'f'.repeat(32)}`,
        `/admin-${'f'.repeat(32)}/`,
        `${P}0`,
        `/admin-${ADMIN_HEX.slice(0, 16)}/auth/me`,
      ]) {
        const res = await send(gw.url + path);
        expect(res.status).toBe(404);
        expect(res.text).toBe(unknown.text);
      }
    });

    it('injects the runtime settings at start-up, escaped, without the admin prefix', async () => {
      const res = await send(`${gw.url}/`);
      expect(runtimeConfigOf(res.text)).toEqual({
        brandName: 'Acme </script> Detect',
        salesEmail: 'deals@acme.example',
        supportEmail: 'help@acme.example',
        turnstileSiteKey: '2x00000000000000000000AB',
        turnstileScriptUrl: 'http://127.0.0.1:9/turnstile/api.js',
      });
      expect(res.text).not.toContain('Acme </script>');
      expect(res.text.indexOf('id="runtime-config"')).toBeLessThan(res.text.indexOf('</head>'));
    });

    it('never puts the admin hex in a public page or its headers', async () => {
      for (const path of ['/', '/contact', '/nope', `/admin-${'0'.repeat(32)}`]) {
        const res = await send(gw.url + path, { headers: { 'accept-encoding': 'identity' } });
        expect(res.text).not.toContain(ADMIN_HEX);
        expect(JSON.stringify(res.headers)).not.toContain(ADMIN_HEX);
      }
    });

    it('marks index.html no-cache and answers 304 to its ETag', async () => {
      const first = await send(`${gw.url}/`);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await send(`${gw.url}/waitlist`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.body).toHaveLength(0);
    });

    it('never serves index.html as a raw file without the runtime settings', async () => {
      const res = await send(`${gw.url}/index.html`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('id="runtime-config"');
    });

    it('refuses dotfiles', async () => {
      const res = await send(`${gw.url}/.env`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('SECRET');
    });
  });

  describe('static files', () => {
    it('serves hashed assets as immutable with their content type', async () => {
      const res = await send(`${gw.url}/assets/app-abc123.js`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.text).toBe(BIG_SCRIPT);
    });

    it('serves other files revalidated, and answers 304 to their validators', async () => {
      const res = await send(`${gw.url}/favicon.svg`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const byEtag = await send(`${gw.url}/favicon.svg`, {
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(byEtag.status).toBe(304);
      const byDate = await send(`${gw.url}/favicon.svg`, {
        headers: { 'if-modified-since': res.headers['last-modified'] as string },
      });
      expect(byDate.status).toBe(304);
    });

    it('compresses large compressible files with brotli or gzip as accepted', async () => {
      const br = await send(`${gw.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);

      const gz = await send(`${gw.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves .br and .gz siblings when the build wrote them', async () => {
      const br = await send(`${gw.url}/assets/vendor-def456.js`, {
        headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(zlib.brotliDecompressSync(br.body).toString()).toContain('vendor code');

      const gz = await send(`${gw.url}/assets/vendor-def456.js`, {
        headers: { 'accept-encoding': 'gzip, br;q=0' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
      expect(zlib.gunzipSync(gz.body).toString()).toContain('vendor code');

      const plain = await send(`${gw.url}/assets/vendor-def456.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toContain('vendor code');
    });

    it('leaves small files and the small index page uncompressed', async () => {
      const icon = await send(`${gw.url}/favicon.svg`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(icon.headers['content-encoding']).toBeUndefined();
      expect(icon.text).toContain('<svg');
      const index = await send(`${gw.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(index.headers['content-encoding']).toBeUndefined();
    });

    it('does not serve files outside the dist folder', async () => {
      for (const path of ['/assets/..%2f..%2fadmin/index.html', '/%2e%2e/package.json', '/assets/%00.js']) {
        const res = await send(gw.url + path);
        expect([400, 404]).toContain(res.status);
        expect(res.text).not.toContain('Admin fixture');
      }
    });
  });

  describe('admin SPA', () => {
    it.each([P, `${P}/`, `${P}/some/deep/link`, `${P}?tab=logs`])(
      'serves %s with the admin SPA and status 200',
      async (path) => {
        const res = await send(gw.url + path);
        expect(res.status).toBe(200);
        expect(res.text).toContain('<title>Admin fixture</title>');
        expect(res.headers['cache-control']).toBe('no-store');
      },
    );

    it('sets <base> to the prefix so relative asset URLs resolve from any depth', async () => {
      const res = await send(`${gw.url}${P}/some/deep/link`);
      expect(res.text).toMatch(new RegExp(`<head>\\s*<base href="${P}/">`));
      expect(runtimeConfigOf(res.text)).toMatchObject({ turnstileSiteKey: '2x00000000000000000000AB' });
    });

    it('serves its hashed assets under the prefix', async () => {
      const res = await send(`${gw.url}${P}/assets/admin-789fed.js`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.text).toBe('console.log("admin");\n');
    });

    it('does not serve admin assets without the right prefix, nor public assets under it', async () => {
      expect((await send(`${gw.url}/assets/admin-789fed.js`)).status).toBe(404);
      expect((await send(`${gw.url}/admin-${'f'.repeat(32)}/assets/admin-789fed.js`)).status).toBe(404);
      expect((await send(`${gw.url}${P}/assets/app-abc123.js`)).status).toBe(404);
    });
  });

  describe('methods', () => {
    it('answers non-GET requests to pages with 404 JSON', async () => {
      const res = await send(`${gw.url}/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    });

    it('answers HEAD like GET without a body', async () => {
      const res = await send(`${gw.url}/contact`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(0);
    });
  });
});

describe('gateway site before the SPAs are built', () => {
  let gw: RunningGateway;

  beforeAll(async () => {
    gw = await startGateway({ BRAND_NAME: 'TunnelScope' });
  });
  afterAll(() => gw.close());

  it('serves a built-in page titled with the brand for public routes', async () => {
    const res = await send(`${gw.url}/`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>TunnelScope</title>');
    expect(runtimeConfigOf(res.text)).toMatchObject({ brandName: 'TunnelScope' });
    expect(res.text).not.toContain(ADMIN_HEX);
  });

  it('serves a built-in 404 page with a developer hint and status 404', async () => {
    for (const path of ['/nope', `/admin-${'1'.repeat(32)}`]) {
      const res = await send(gw.url + path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<h1>404 Page Not Found</h1>');
      expect(res.text).toContain('Did you forget to add the page to the router?');
      expect(res.text).not.toContain(ADMIN_HEX);
    }
  });

  it('serves the admin loading placeholder under the right prefix', async () => {
    const res = await send(`${gw.url}${P}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Loading admin panel...');
  });
});
