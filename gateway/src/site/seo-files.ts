/**
 * What search engines read besides the pages (issue 15): `robots.txt`, `sitemap.xml` and the
 * organisation's JSON-LD, all with absolute URLs from `PUBLIC_ORIGIN`. Built once at start-up.
 * The admin prefix is never named in any of them: a `Disallow: /admin-…` line would publish it.
 */
import { PUBLIC_ROUTES } from '@tunnelscope/contracts';
import { jsonForHtml, type RuntimeConfig } from './runtime-config.js';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(publicOrigin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicOrigin}/sitemap.xml\n`;
}

/** Every public route (`/docs/api` included); the 404 page is no route and is never listed. */
export function sitemapXml(publicOrigin: string): string {
  const urls = PUBLIC_ROUTES.map((route) => `  <url><loc>${escapeXml(publicOrigin + route)}</loc></url>`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
}

/** schema.org Organization, as a JSON data block (never executed: the CSP is untouched). */
export function organizationJsonLd(runtime: RuntimeConfig, publicOrigin: string): string {
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: runtime.brandName,
    url: `${publicOrigin}/`,
    logo: `${publicOrigin}/favicon.svg`,
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', email: runtime.salesEmail },
      { '@type': 'ContactPoint', contactType: 'customer support', email: runtime.supportEmail },
    ],
  };
  return `<script type="application/ld+json">${jsonForHtml(organization)}</script>`;
}
