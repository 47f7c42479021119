/**
 * What the prerender writes and the gateway reads: `dist/.pages/routes.json`.
 * The gateway holds its own copy of this shape (gateway/src/site/pages.ts) and checks it at start-up.
 */
export interface PrerenderedRoutes {
  /** Public route → file under dist/.pages. */
  routes: Record<string, string>;
  /** The 404 page's file under dist/.pages (served with status 404). */
  notFound: string;
}

/**
 * The source module of each route's lazy page (the keys of App.tsx's PAGE_LOADERS), as the
 * build's manifest names them: the prerender links the chunk's CSS and modulepreloads in that
 * route's HTML, so its page paints styled and hydrates without waiting. Home is in the entry.
 */
export const PAGE_SOURCES: Readonly<Record<string, string>> = {
  '/waitlist': 'src/pages/waitlist/WaitlistPage.tsx',
  '/vpn-request': 'src/pages/vpn-request/VpnRequestPage.tsx',
  '/contact': 'src/pages/contact/ContactPage.tsx',
  '/privacy': 'src/pages/legal/PrivacyPage.tsx',
  '/terms': 'src/pages/legal/TermsPage.tsx',
  '/eula': 'src/pages/legal/EulaPage.tsx',
  '/security-demo': 'src/pages/security-demo/SecurityDemoPage.tsx',
  '/docs/api': 'src/pages/docs-api/DocsApiPage.tsx',
  '*': 'src/pages/not-found/NotFoundPage.tsx',
};
