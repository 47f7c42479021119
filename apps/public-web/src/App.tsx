import { lazy, Suspense, type ReactNode } from 'react';
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

// Every page but the home page loads on demand, so the landing page ships the least JavaScript.
const WaitlistPage = lazy(() => import('./pages/waitlist/WaitlistPage.js'));
const VpnRequestPage = lazy(() => import('./pages/vpn-request/VpnRequestPage.js'));
const ContactPage = lazy(() => import('./pages/contact/ContactPage.js'));
const PrivacyPage = lazy(() => import('./pages/legal/PrivacyPage.js'));
const TermsPage = lazy(() => import('./pages/legal/TermsPage.js'));
const EulaPage = lazy(() => import('./pages/legal/EulaPage.js'));
const SecurityDemoPage = lazy(() => import('./pages/security-demo/SecurityDemoPage.js'));
const DocsApiPage = lazy(() => import('./pages/docs-api/DocsApiPage.js'));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage.js'));

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

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppLayout>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </AppLayout>
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
