import { SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import { useMemo, useState } from 'react';
import { churnSeries, monthlyGrowthSeries, type ChurnMetric, type GrowthPoint } from './chart-data.js';
import { formatNumber } from './format.js';
import { ChartFrame, ChurnChart, MonthlyGrowthChart } from './LazyCharts.js';
import { AnalyticsTable, EmptyState, NameList, SectionCard, type Column } from './parts.js';

type TrendRow = AnalyticsPayload['ipTrends'][number];
type ReusedRow = AnalyticsPayload['reusedIps'][number];

const trendColumns: Column<TrendRow>[] = [
  { label: 'VPN', render: (row) => row.vpnname },
  { label: 'New IPs', numeric: true, render: (row) => formatNumber(row.new_ips_last_month) },
  { label: 'Legacy IPs', numeric: true, render: (row) => formatNumber(row.legacy_ips_last_month) },
  { label: 'New subdomains', numeric: true, render: (row) => formatNumber(row.new_subdomains_last_month) },
  {
    label: 'Deactivated subdomains',
    numeric: true,
    render: (row) => formatNumber(row.deactivated_subdomains_last_month),
  },
];

const growthColumns: Column<GrowthPoint>[] = [
  { label: 'Month', render: (row) => row.label },
  { label: 'Unique IPs', numeric: true, render: (row) => formatNumber(row.unique_ips) },
];

const reusedColumns: Column<ReusedRow>[] = [
  { label: 'IP', render: (row) => row.ip },
  { label: 'VPNs', numeric: true, render: (row) => formatNumber(row.vpn_count) },
  { label: 'Used by', render: (row) => <NameList names={row.vpns} /> },
];

export function IpTrendsPanel({ data }: { data: AnalyticsPayload }) {
  const growth = useMemo(() => monthlyGrowthSeries(data.monthlyIpGrowth), [data.monthlyIpGrowth]);
  const [metric, setMetric] = useState<ChurnMetric>('subdomains');
  const churn = useMemo(() => churnSeries(data.ipTrends, metric), [data.ipTrends, metric]);
  const newestFirst = useMemo(() => [...growth].reverse(), [growth]);
  return (
    <Stack gap="md">
      <SectionCard title="Monthly unique-IP growth" description="Distinct VPN addresses seen in each month.">
        {growth.length === 0 ? (
          <EmptyState>No monthly IP history yet</EmptyState>
        ) : (
          <ChartFrame label="Monthly unique-IP growth chart">
            <MonthlyGrowthChart data={growth} />
          </ChartFrame>
        )}
      </SectionCard>
      <SectionCard
        title="Last month per VPN"
        description="Addresses that appeared for the first time or were seen again, and subdomains that went live or dead, over the last complete month."
        count={data.ipTrends.length}
      >
        {data.ipTrends.length > 0 && (
          <SegmentedControl<ChurnMetric>
            size="xs"
            value={metric}
            onChange={setMetric}
            data={[
              { value: 'subdomains', label: 'Subdomains: new vs deactivated' },
              { value: 'ips', label: 'IPs: new vs legacy' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        {churn.length > 0 && (
          <ChartFrame label="New versus deactivated per VPN chart">
            <ChurnChart data={churn} metric={metric} />
          </ChartFrame>
        )}
        <AnalyticsTable
          label="Last month per VPN"
          rows={data.ipTrends}
          columns={trendColumns}
          rowKey={(row) => row.vpnname}
          empty="No IP trend data for last month"
          minWidth={640}
        />
      </SectionCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SectionCard
          title="IPs reused across VPNs"
          description="Addresses that more than one VPN has used."
          count={data.reusedIps.length}
        >
          <AnalyticsTable
            label="IPs reused across VPNs"
            rows={data.reusedIps}
            columns={reusedColumns}
            rowKey={(row) => row.ip}
            empty="No IP has been used by more than one VPN"
          />
        </SectionCard>
        <SectionCard title="Unique IPs by month" count={data.monthlyIpGrowth.length}>
          <AnalyticsTable
            label="Unique IPs by month"
            rows={newestFirst}
            columns={growthColumns}
            rowKey={(row) => row.month}
            empty="No monthly IP history yet"
            minWidth={280}
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
