/**
 * The Database Analytics tab: five sub-tabs over one analytics payload, kept in memory for 5
 * minutes (src/api/ipdb.ts). The open sub-tab is part of the address (`/app/vpn-db/trends`).
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
  IconChartLine,
  IconDatabase,
  IconNetwork,
  IconRefresh,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { ADMIN_PANEL_SECTIONS, type AdminPanelSection, type AnalyticsPayload } from '@tunnelscope/contracts';
import type { ReactNode } from 'react';
import { DatabaseOfflineError, useAdvancedAnalytics } from '../../api/ipdb.js';
import { useViewSection } from '../dashboard/dashboard-views.js';
import { DatabaseOfflinePanel } from './DatabaseOfflinePanel.js';
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

export function VpnDbTab() {
  const { data, error, isPending, isFetching, refresh } = useAdvancedAnalytics();
  const [section, openSection] = useViewSection('vpn-db');
  const retry = () => void refresh();

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
          <Text size="sm" c="dimmed">
            {data
              ? `Figures computed ${formatDateTime(data.generatedAt ?? new Date(data.fetchedAt).toISOString())}`
              : 'Figures from the VPN IP database'}
          </Text>
        </div>
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
      <DbIpAttribution />
    </Stack>
  );
}
