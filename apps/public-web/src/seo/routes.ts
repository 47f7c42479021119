/**
 * Each public route's title and description (issue 15): what the prerendered `<head>` carries
 * (title, meta description, Open Graph and Twitter cards) and what the tab shows after a
 * navigation. The three pages that name their tab themselves (`usePageTitle`: the legal pages,
 * the security demo, `/docs/api`) get the same words here, so the tab never changes on hydration.
 */
import { PUBLIC_ROUTES } from '@tunnelscope/contracts';

export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

export interface RouteSeo {
  /** The tab's title, given the brand. */
  title: (brand: string) => string;
  /** One or two sentences for search results and link previews. */
  description: (brand: string) => string;
}

const suffixed = (page: string) => (brand: string) => `${page} | ${brand}`;

export const ROUTE_SEO: Readonly<Record<PublicRoute, RouteSeo>> = {
  '/': {
    title: (brand) => `${brand} — The Trusted Source For VPN Detection`,
    description: (brand) =>
      `${brand} detects VPN, Tor and proxy connections with company, geolocation and network details for fraud-prevention and security teams.`,
  },
  '/waitlist': {
    title: suffixed('Join the Waitlist'),
    description: (brand) =>
      `Join the ${brand} waitlist: confirm your e-mail address with a one-time code and hear first when access opens.`,
  },
  '/vpn-request': {
    title: suffixed('Request VPN Detection'),
    description: (brand) =>
      `Ask ${brand} to detect a VPN provider it does not cover yet: name the service, confirm your e-mail address and follow your request number.`,
  },
  '/contact': {
    title: suffixed('Contact Us'),
    description: (brand) =>
      `Write to the ${brand} team about sales, support or partnerships; we reply within 24 hours.`,
  },
  '/privacy': {
    title: suffixed('Privacy Policy'),
    description: (brand) =>
      `How ${brand} collects, uses, keeps and protects personal data, and the rights you have.`,
  },
  '/terms': {
    title: suffixed('SaaS Terms'),
    description: (brand) => `The terms under which ${brand}'s detection service and API are provided.`,
  },
  '/eula': {
    title: suffixed('End-User License Agreement'),
    description: (brand) => `The licence under which ${brand}'s software and data may be used.`,
  },
  '/security-demo': {
    title: suffixed('Security Demo'),
    description: (brand) =>
      `See how ${brand} treats what visitors type: try SQL injection, XSS and other attacks against a form that cleans and checks every field.`,
  },
  '/docs/api': {
    title: suffixed('API reference'),
    description: (brand) =>
      `The ${brand} detection API: check one address or a batch of 1000, IPv4 and IPv6, with evidence, confidence, location and network details.`,
  },
};

/** The 404 page: never indexed. */
export const NOT_FOUND_SEO: RouteSeo = {
  title: suffixed('404 Page Not Found'),
  description: () => 'No page lives at this address.',
};

export function seoFor(pathname: string): { seo: RouteSeo; known: boolean } {
  const known = (PUBLIC_ROUTES as readonly string[]).includes(pathname);
  return { seo: known ? ROUTE_SEO[pathname as PublicRoute] : NOT_FOUND_SEO, known };
}

/** The image link previews show (1200 × 630, made for them: public/og-image.png). */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
