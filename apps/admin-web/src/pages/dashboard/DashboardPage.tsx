/**
 * The signed-in shell: the header (welcome, Refresh, Admin Users, theme, Profile menu), the nine
 * tabs (the spec's eight and API Keys), and the users and profile views opened from the header. The open view is the address
 * (dashboard-views.ts) and names the browser tab. Every tab and view but the shell is a lazy
 * chunk, so signing in downloads only what the operator opens.
 */
import { AppShell, Button, Container, Group, Tabs } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useAuth, useCurrentUser } from '../../auth/AuthContext.js';
import { ErrorBoundary } from '../../components/error-boundary/ErrorBoundary.js';
import { SectionLoader } from '../../components/layout/LoadingScreen.js';
import { runtimeConfig } from '../../runtime-config.js';
import { DashboardHeader } from './DashboardHeader.js';
import {
  DASHBOARD_TABS,
  isTab,
  useDashboardView,
  type DashboardTab,
  type DashboardView,
} from './dashboard-views.js';

const OverviewTab = lazy(() =>
  import('../overview/OverviewTab.js').then((m) => ({ default: m.OverviewTab })),
);
const WaitlistTab = lazy(() =>
  import('../waitlist/WaitlistTab.js').then((m) => ({ default: m.WaitlistTab })),
);
const VpnRequestsTab = lazy(() =>
  import('../vpn-requests/VpnRequestsTab.js').then((m) => ({ default: m.VpnRequestsTab })),
);
const ContactsTab = lazy(() =>
  import('../contacts/ContactsTab.js').then((m) => ({ default: m.ContactsTab })),
);
const LogsTab = lazy(() => import('../logs/LogsTab.js').then((m) => ({ default: m.LogsTab })));
const SessionsTab = lazy(() =>
  import('../sessions/SessionsTab.js').then((m) => ({ default: m.SessionsTab })),
);
const DatabaseAnalyticsTab = lazy(() =>
  import('../vpn-db/VpnDbTab.js').then((m) => ({ default: m.DatabaseAnalyticsTab })),
);
const SearchDbTab = lazy(() =>
  import('../search-db/SearchDbTab.js').then((m) => ({ default: m.SearchDbTab })),
);
const ApiKeysTab = lazy(() => import('../api-keys/ApiKeysTab.js').then((m) => ({ default: m.ApiKeysTab })));
const AdminUsersPage = lazy(() =>
  import('../admin-users/AdminUsersPage.js').then((m) => ({ default: m.AdminUsersPage })),
);
const ProfilePage = lazy(() => import('../profile/ProfilePage.js').then((m) => ({ default: m.ProfilePage })));

/** One failing or loading part never takes the header and tabs down with it. */
function Section({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<SectionLoader label={label} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function TabContent({ tab }: { tab: DashboardTab }) {
  const isAdmin = useCurrentUser().role === 'admin';
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'waitlist':
      return <WaitlistTab />;
    case 'vpn-requests':
      return <VpnRequestsTab />;
    case 'contacts':
      return <ContactsTab />;
    case 'logs':
      return <LogsTab />;
    case 'sessions':
      return <SessionsTab />;
    case 'vpn-db':
      return <DatabaseAnalyticsTab canRequestRefresh={isAdmin} />;
    case 'search-db':
      return <SearchDbTab />;
    case 'api-keys':
      return <ApiKeysTab />;
  }
}

function viewTitle(view: DashboardView): string {
  if (view === 'users') return 'Admin Users';
  if (view === 'profile') return 'Profile Settings';
  return DASHBOARD_TABS.find((tab) => tab.value === view)?.label ?? 'Dashboard';
}

export function DashboardPage() {
  const user = useCurrentUser();
  const { logout, dashboardMounted } = useAuth();
  const queryClient = useQueryClient();
  const fetching = useIsFetching();
  const [view, go] = useDashboardView();
  const [menuOpened, menu] = useDisclosure(false);

  // The reload check after a login asks whether this view appeared.
  useEffect(() => dashboardMounted(), [dashboardMounted]);
  useDocumentTitle(`${viewTitle(view)} | ${runtimeConfig.brandName} Admin`);

  const navigate = (next: DashboardView) => {
    menu.close();
    go(next);
  };

  const backButton = (
    <Group mb="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={() => go('overview')}
      >
        Back to Dashboard
      </Button>
    </Group>
  );

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <DashboardHeader
          user={user}
          usersActive={view === 'users'}
          refreshing={fetching > 0}
          onRefresh={() => void queryClient.invalidateQueries()}
          onAdminUsers={() => navigate('users')}
          onProfile={() => navigate('profile')}
          onLogout={() => void logout()}
          menuOpened={menuOpened}
          onToggleMenu={menu.toggle}
        />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={0}>
          {view === 'users' && (
            <>
              {backButton}
              <Section label="Loading admin users">
                <AdminUsersPage currentUser={user} />
              </Section>
            </>
          )}
          {view === 'profile' && (
            <>
              {backButton}
              <Section label="Loading profile settings">
                <ProfilePage />
              </Section>
            </>
          )}
          {isTab(view) && (
            <Tabs
              value={view}
              onChange={(value) => {
                const tab = DASHBOARD_TABS.find((t) => t.value === value);
                if (tab) go(tab.value);
              }}
              keepMounted={false}
            >
              <Tabs.List mb="md">
                {DASHBOARD_TABS.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {DASHBOARD_TABS.map((tab) => (
                <Tabs.Panel key={tab.value} value={tab.value}>
                  <Section label={`Loading ${tab.label}`}>
                    <TabContent tab={tab.value} />
                  </Section>
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
