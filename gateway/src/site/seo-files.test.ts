import { apiKeyVariable, PUBLIC_ORIGIN_PLACEHOLDER, RUNTIME_PLACEHOLDERS } from '@tunnelscope/contracts';
import { fillPlaceholders, type RuntimeConfig } from './runtime-config.js';
import { organizationJsonLd, robotsTxt, sitemapXml } from './seo-files.js';

const runtime: RuntimeConfig = {
  brandName: 'Acme <b>"Detect"</b>',
  salesEmail: 'sales@acme.example',
  supportEmail: 'help@acme.example',
  turnstileSiteKey: '1x00000000000000000000AA',
  turnstileScriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

describe('fillPlaceholders', () => {
  it('replaces every token with the HTML-escaped setting, the derived key variable first', () => {
    const html =
      `<title>${RUNTIME_PLACEHOLDERS.brandName}</title><a href="mailto:${RUNTIME_PLACEHOLDERS.supportEmail}">` +
      `<link href="${PUBLIC_ORIGIN_PLACEHOLDER}/x"><code>$${apiKeyVariable(RUNTIME_PLACEHOLDERS.brandName)}</code>`;
    expect(fillPlaceholders(html, runtime, 'https://acme.example')).toBe(
      '<title>Acme &lt;b&gt;&quot;Detect&quot;&lt;/b&gt;</title><a href="mailto:help@acme.example">' +
        `<link href="https://acme.example/x"><code>$${apiKeyVariable(runtime.brandName)}</code>`,
    );
  });
});

describe('robots.txt, sitemap.xml and JSON-LD', () => {
  it('names the sitemap absolutely and nothing of the admin panel', () => {
    expect(robotsTxt('https://acme.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://acme.example/sitemap.xml\n',
    );
  });

  it('lists the public routes, /docs/api included', () => {
    const xml = sitemapXml('https://acme.example');
    expect(xml).toContain('<loc>https://acme.example/</loc>');
    expect(xml).toContain('<loc>https://acme.example/docs/api</loc>');
    expect(xml).not.toMatch(/admin|404/);
  });

  it('writes the organisation as a JSON block that cannot end its script element', () => {
    const tag = organizationJsonLd(runtime, 'https://acme.example');
    expect(tag).not.toContain('</b>');
    const json = JSON.parse(/>(.*)<\/script>$/s.exec(tag)![1]!) as Record<string, unknown>;
    expect(json).toMatchObject({
      '@type': 'Organization',
      name: runtime.brandName,
      url: 'https://acme.example/',
    });
  });
});
