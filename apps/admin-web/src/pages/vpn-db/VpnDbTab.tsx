/**
 * The Database Analytics tab: five sub-tabs over one analytics payload, kept in memory for 5
 * minutes (src/api/ipdb.ts). The open sub-tab is part of the address (`/app/vpn-db/trends`).
 *
 * The figures are as fresh as the last refresh of the server's analytics views (hourly), not as
 * the answer: the header shows that age, and an admin may ask for a refresh now ('Recompute
 * figures'); Refresh only loads the answer again.
 *
 * Below the sub-tabs, the dashboard adds the Data sources section (issue 17, `DatabaseAnalyticsTab`):
 * not part of the payload, it has its own call, and Refresh reloads it too.
 */
import { DbIpAttribution } from '../../components/attribution/DbIpAttribution.js';
import {
  Alert,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCalculator,
  IconChartLine,
  IconDatabase,
  IconNetwork,
  IconRefresh,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { ADMIN_PANEL_SECTIONS, type AdminPanelSection, type AnalyticsPayload } from '@tunnelscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  DatabaseOfflineError,
  dataSourcesQueryKey,
  useAdvancedAnalytics,
  useRequestAnalyticsRefresh,
  type AnalyticsSnapshot,
} from '../../api/ipdb.js';
import { messageOf } from '../../api/client.js';
import { notifyError, notifyInfo, notifySuccess } from '../../components/notify.js';
import { formatRelative } from '../sessions/session-info.js';
import { useViewSection } from '../dashboard/dashboard-views.js';
import { DatabaseOfflinePanel } from './DatabaseOfflinePanel.js';
import { DataSourcesSection } from './DataSourcesSection.js';
import { DbMetadataPanel } from './DbMetadataPanel.js';
import { formatDateTime } from './format.js';
import { GeoIpPanel } from './GeoIpPanel.js';
import { IpTrendsPanel } from './IpTrendsPanel.js';
import { IspPanel } from './IspPanel.js';
import { VendorVpnPanel } from './VendorVpnPanel.js';

const SUB_TABS: Record<
  AdminPanelSection<'vpn-db'>,
  { label: string; icon: typeof IconDatabase; Panel: (props: { data: AnalyticsPayload }) => ReactNode }
> = {
  metadata: { label: 'DB Metadata', icon: IconDatabase, Panel: DbMetadataPanel },
  trends: { label: 'IP Trends', icon: IconChartLine, Panel: IpTrendsPanel },
  geo: { label: 'Geo-IP Summary', icon: IconWorld, Panel: GeoIpPanel },
  vendors: { label: 'Vendor & VPN Summary', icon: IconUsersGroup, Panel: VendorVpnPanel },
  isp: { label: 'ISP Summary', icon: IconNetwork, Panel: IspPanel },
};

/** The sub-tabs, in the order of their addresses (@tunnelscope/contracts). */
const ANALYTICS_SUB_TABS = ADMIN_PANEL_SECTIONS['vpn-db'].map((value) => ({ value, ...SUB_TABS[value] }));

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden>Loading analytics…</VisuallyHidden>
      <Skeleton height={36} width="60%" radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** Toast titles of a requested refresh. */
export const REFRESH_FAILED_TITLE = 'Refresh Failed';

/** The header's line: how old the figures are (the last refresh of the views). */
export function dataAgeText(snapshot: AnalyticsSnapshot | undefined, now: number = Date.now()): string {
  if (!snapshot) return 'Figures from the VPN IP database';
  const { refreshedAt } = snapshot;
  // A server that does not report the age: the time of its answer is all there is.
  if (refreshedAt === undefined)
    return `Figures computed ${formatDateTime(snapshot.generatedAt ?? new Date(snapshot.fetchedAt).toISOString())}`;
  if (refreshedAt === null) return 'The figures have not been computed yet';
  return `Data as of ${formatDateTime(refreshedAt)} (${formatRelative(refreshedAt, now)})`;
}

export function VpnDbTab({
  canRequestRefresh = false,
  children,
}: {
  canRequestRefresh?: boolean;
  /** Sections shown below the sub-tabs, whatever the analytics' state (the Data sources). */
  children?: ReactNode;
}) {
  const client = useQueryClient();
  const { data, error, isPending, isFetching, refresh } = useAdvancedAnalytics();
  const recompute = useRequestAnalyticsRefresh();
  const [section, openSection] = useViewSection('vpn-db');
  const retry = () => {
    void refresh();
    // The sections below have calls of their own; a reload of the tab reloads them too.
    void client.invalidateQueries({ queryKey: dataSourcesQueryKey });
  };
  const requestRefresh = () =>
    recompute.mutate(undefined, {
      onSuccess: (result) =>
        result.running ? notifyInfo(result.message) : notifySuccess(undefined, result.message),
      onError: (failure) =>
        notifyError(
          REFRESH_FAILED_TITLE,
          failure instanceof DatabaseOfflineError
            ? failure.message
            : messageOf(failure, 'The refresh could not start'),
        ),
    });

  let problem = null;
  if (error instanceof DatabaseOfflineError) {
    problem = <DatabaseOfflinePanel message={error.message} onRetry={retry} retrying={isFetching} />;
  } else if (error) {
    problem = (
      <Alert
        color="red"
        variant="light"
        radius="md"
        title="Analytics Error"
        icon={<IconAlertCircle size={20} />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button
            color="red"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={retry}
            loading={isFetching}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            Database Analytics
          </Title>
          <Text size="sm" c="dimmed" data-testid="analytics-age">
            {dataAgeText(data)}
          </Text>
        </div>
        <Group gap="sm">
          {canRequestRefresh && (
            <Button
              variant="default"
              leftSection={<IconCalculator size={16} />}
              onClick={requestRefresh}
              loading={recompute.isPending}
              title="Refresh the analytics from the IP database now instead of at the next hourly run"
            >
              Recompute figures
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={retry}
            loading={isFetching && !isPending}
            disabled={isPending && isFetching}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      {problem}

      {/* A failed refresh keeps the last figures below its message. */}
      {data ? (
        <Tabs
          value={section}
          onChange={(value) => {
            const tab = ANALYTICS_SUB_TABS.find((t) => t.value === value);
            if (tab) openSection(tab.value);
          }}
          keepMounted={false}
          variant="outline"
        >
          <Tabs.List>
            {ANALYTICS_SUB_TABS.map(({ value, label, icon: Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ANALYTICS_SUB_TABS.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <Panel data={data.data} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        !problem && <AnalyticsSkeleton />
      )}
      {children}
      <DbIpAttribution />
    </Stack>
  );
}

/** The tab as the dashboard shows it: the spec's analytics, then what fed the IP database lately. */
export function DatabaseAnalyticsTab({ canRequestRefresh = false }: { canRequestRefresh?: boolean }) {
  return (
    <VpnDbTab canRequestRefresh={canRequestRefresh}>
      <DataSourcesSection />
    </VpnDbTab>
  );
}
