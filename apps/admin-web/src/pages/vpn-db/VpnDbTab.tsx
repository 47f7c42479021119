/**
 * The Database Analytics tab (admin §2 "Analytics (tab vpn-db)"): five sub-tabs over one
 * analytics payload, cached in memory for 5 minutes (src/api/ipdb.ts).
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
import { DatabaseOfflineError, useAdvancedAnalytics } from '../../api/ipdb.js';
import { DatabaseOfflinePanel } from './DatabaseOfflinePanel.js';
import { DbMetadataPanel } from './DbMetadataPanel.js';
import { formatDateTime } from './format.js';
import { GeoIpPanel } from './GeoIpPanel.js';
import { IpTrendsPanel } from './IpTrendsPanel.js';
import { IspPanel } from './IspPanel.js';
import { VendorVpnPanel } from './VendorVpnPanel.js';

export const ANALYTICS_SUB_TABS = [
  { value: 'metadata', label: 'DB Metadata', icon: IconDatabase, Panel: DbMetadataPanel },
  { value: 'trends', label: 'IP Trends', icon: IconChartLine, Panel: IpTrendsPanel },
  { value: 'geo', label: 'Geo-IP Summary', icon: IconWorld, Panel: GeoIpPanel },
  { value: 'vendors', label: 'Vendor & VPN Summary', icon: IconUsersGroup, Panel: VendorVpnPanel },
  { value: 'isp', label: 'ISP Summary', icon: IconNetwork, Panel: IspPanel },
] as const;

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
        <Tabs defaultValue="metadata" keepMounted={false} variant="outline">
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
