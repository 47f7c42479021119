/**
 * The admin panel's entry: providers, the error boundary, the router (below the panel's own
 * prefix), 'Loading admin panel...' while the auth check runs, then the login screen or the
 * dashboard. The view is keyed by the auth state, so signing in or out rebuilds it from scratch.
 *
 * Signed out, every address shows the login screen in place, so signing in opens the view the
 * address named. Signed in, an address that names no view leads to the overview. An address from
 * before views had paths (`#waitlist`) is replaced by the view's path first.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ADMIN_PANEL_BASE, adminPanelPath } from '@tunnelscope/contracts';
import { adminPrefix } from './admin-prefix.js';
import { createQueryClient } from './api/query-client.js';
import { AuthProvider, useAuth } from './auth/AuthContext.js';
import { ErrorBoundary } from './components/error-boundary/ErrorBoundary.js';
import { LoadingScreen } from './components/layout/LoadingScreen.js';
import { ChoosePasswordPage } from './pages/login/ChoosePasswordPage.js';
import { LoginPage } from './pages/login/LoginPage.js';
import { canonicalPanelPath, DEFAULT_VIEW, viewFromLegacyHash } from './pages/dashboard/dashboard-views.js';
import { adminThemeManager, DEFAULT_ADMIN_THEME } from './theme/theme-store.js';
import { cssVariablesResolver, theme } from '@tunnelscope/web-ui/theme';

// The login screen is what an unauthenticated visit needs first; the dashboard shell is its own
// chunk, fetched while the operator types so the post-login reload check (600 ms) never waits on it.
const loadDashboard = () => import('./pages/dashboard/DashboardPage.js');
const DashboardPage = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));

const colorSchemeManager = adminThemeManager();

export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_ADMIN_THEME}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Signed in: the dashboard on a view's canonical address, or a redirect to it. */
function PanelView() {
  const { pathname } = useLocation();
  const canonical = canonicalPanelPath(pathname);
  if (canonical !== pathname) return <Navigate to={canonical} replace />;
  return <DashboardPage />;
}

export function AuthGate() {
  const { user, isLoading } = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    if (!isLoading && !user) void loadDashboard().catch(() => undefined);
  }, [isLoading, user]);

  const legacyView = viewFromLegacyHash(hash);
  if (legacyView) return <Navigate to={adminPanelPath(legacyView)} replace />;
  if (isLoading) return <LoadingScreen />;
  return (
    <ErrorBoundary key={user ? `user:${user.id}` : 'signed-out'}>
      {user?.mustChangePassword ? (
        <ChoosePasswordPage />
      ) : user ? (
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route path={`${ADMIN_PANEL_BASE}/*`} element={<PanelView />} />
            <Route path="*" element={<Navigate to={adminPanelPath(DEFAULT_VIEW)} replace />} />
          </Routes>
        </Suspense>
      ) : (
        <LoginPage />
      )}
    </ErrorBoundary>
  );
}

export function App({ client }: { client?: QueryClient } = {}) {
  return (
    <ErrorBoundary>
      <AppProviders client={client}>
        {/* The prefix is read from the address, never built in: `/admin-<hex>`, or '' in tests. */}
        <BrowserRouter basename={adminPrefix() || '/'}>
          <AuthProvider>
            <AuthGate />
          </AuthProvider>
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
