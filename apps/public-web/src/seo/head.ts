/**
 * The `<head>` tags of a prerendered route (issue 15): title, description, canonical link, Open
 * Graph and Twitter cards. Written at build time with the brand's placeholder and the public
 * origin's placeholder, which the gateway replaces (HTML-escaped) at start-up. The organisation's
 * JSON-LD is the gateway's (it is JSON, escaped differently, and the same on every page).
 */
import { PUBLIC_ORIGIN_PLACEHOLDER, RUNTIME_PLACEHOLDERS } from '@tunnelscope/contracts';
import { OG_IMAGE, seoFor } from './routes.js';

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function headTagsFor(pathname: string): string {
  const brand = RUNTIME_PLACEHOLDERS.brandName;
  const origin = PUBLIC_ORIGIN_PLACEHOLDER;
  const { seo, known } = seoFor(pathname);
  const title = escapeAttr(seo.title(brand));
  const description = escapeAttr(seo.description(brand));
  const url = `${origin}${pathname}`;
  const image = `${origin}${OG_IMAGE.path}`;
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    // The 404 page is never indexed and names no canonical address of its own.
    known ? `<link rel="canonical" href="${url}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${brand}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    known ? `<meta property="og:url" content="${url}" />` : '',
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="The trusted source for VPN detection" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
