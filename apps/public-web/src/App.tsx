import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './api/query-client.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { AppLayout } from './components/layout/AppLayout.js';
import { DEFAULT_THEME, themeStoreManager } from './theme/theme-store.js';
import { cssVariablesResolver, theme } from '@tunnelscope/web-ui/theme';
import HomePage from './pages/home/HomePage.js';
import { UI_TIMINGS } from '@tunnelscope/contracts';
import { useRouteHead } from './seo/use-route-head.js';

// Every page but the home page loads on demand, so the landing page ships the least JavaScript.
// The loaders are named so main.tsx can fetch the first route's chunk before it hydrates the
// prerendered page (src/prerender), and the prerender knows which chunk each route needs.
export const PAGE_LOADERS = {
  '/waitlist': () => import('./pages/waitlist/WaitlistPage.js'),
  '/vpn-request': () => import('./pages/vpn-request/VpnRequestPage.js'),
  '/contact': () => import('./pages/contact/ContactPage.js'),
  '/privacy': () => import('./pages/legal/PrivacyPage.js'),
  '/terms': () => import('./pages/legal/TermsPage.js'),
  '/eula': () => import('./pages/legal/EulaPage.js'),
  '/security-demo': () => import('./pages/security-demo/SecurityDemoPage.js'),
  '/docs/api': () => import('./pages/docs-api/DocsApiPage.js'),
  '*': () => import('./pages/not-found/NotFoundPage.js'),
} as const;

/** The chunk of the page at `pathname` (the 404 page's for an unknown one), or nothing for home. */
export function loadPageFor(pathname: string): Promise<unknown> {
  if (pathname === '/') return Promise.resolve();
  const loader = (PAGE_LOADERS as Record<string, () => Promise<unknown>>)[pathname] ?? PAGE_LOADERS['*'];
  return loader();
}

const WaitlistPage = lazy(PAGE_LOADERS['/waitlist']);
const VpnRequestPage = lazy(PAGE_LOADERS['/vpn-request']);
const ContactPage = lazy(PAGE_LOADERS['/contact']);
const PrivacyPage = lazy(PAGE_LOADERS['/privacy']);
const TermsPage = lazy(PAGE_LOADERS['/terms']);
const EulaPage = lazy(PAGE_LOADERS['/eula']);
const SecurityDemoPage = lazy(PAGE_LOADERS['/security-demo']);
const DocsApiPage = lazy(PAGE_LOADERS['/docs/api']);
const NotFoundPage = lazy(PAGE_LOADERS['*']);
const colorSchemeManager = themeStoreManager();
const queryClient = createQueryClient();

function PageFallback() {
  return (
    <Center mih="50vh" aria-busy="true">
      <Loader aria-label="Loading page" />
    </Center>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_THEME === 'system' ? 'auto' : DEFAULT_THEME}
    >
      {/* Only the spec's right swipe of 50 px dismisses (components/toast); Mantine's own gestures are off. */}
      <Notifications
        limit={1}
        autoClose={UI_TIMINGS.toastDurationMs}
        position="bottom-right"
        allowDragDismiss={false}
        allowScrollDismiss={false}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/waitlist" element={<WaitlistPage />} />
        <Route path="/vpn-request" element={<VpnRequestPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/eula" element={<EulaPage />} />
        <Route path="/security-demo" element={<SecurityDemoPage />} />
        <Route path="/docs/api" element={<DocsApiPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/** Title, description and canonical link follow the route (src/seo). */
function RouteHead() {
  useRouteHead();
  return null;
}

/**
 * The whole site. `router` is the browser's history in the page, and a StaticRouter at one
 * address when the build prerenders a route (src/prerender): the same components either way.
 */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <ErrorBoundary>
      <AppProviders>
        <Router>
          <RouteHead />
          <AppLayout>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </AppLayout>
        </Router>
      </AppProviders>
    </ErrorBoundary>
  );
}
