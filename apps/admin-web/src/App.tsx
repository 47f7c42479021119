/**
 * The admin panel (admin §2 "Entry and prefix"): providers, the error boundary, 'Loading admin
 * panel...' while the auth check runs, then the login screen or the dashboard. The view is keyed
 * by the auth state, so signing in or out rebuilds it from scratch.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from './api/query-client.js';
import { AuthProvider, useAuth } from './auth/AuthContext.js';
import { ErrorBoundary } from './components/error-boundary/ErrorBoundary.js';
import { LoadingScreen } from './components/layout/LoadingScreen.js';
import { LoginPage } from './pages/login/LoginPage.js';
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

export function AuthGate() {
  const { user, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !user) void loadDashboard().catch(() => undefined);
  }, [isLoading, user]);
  if (isLoading) return <LoadingScreen />;
  return (
    <ErrorBoundary key={user ? `user:${user.id}` : 'signed-out'}>
      {user ? (
        <Suspense fallback={<LoadingScreen />}>
          <DashboardPage />
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
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </AppProviders>
    </ErrorBoundary>
  );
}
