import { SimpleGrid, Stack } from '@mantine/core';
import { TOP_ISP_LIMIT, type AnalyticsPayload } from '@tunnelscope/contracts';
import { useMemo } from 'react';
import { serviceMixSeries } from './chart-data.js';
import { formatNumber } from './format.js';
import { ChartFrame, ServiceMixChart } from './LazyCharts.js';
import { AnalyticsTable, SectionCard, type Column } from './parts.js';

type CountryRow = AnalyticsPayload['ispCountryBreakdown'][number];
type IspIpsRow = AnalyticsPayload['ispIpCounts'][number];
type ServiceRow = AnalyticsPayload['ispServiceBreakdown'][number];
type UsageRow = AnalyticsPayload['ispVpnUsage'][number];

const countryColumns: Column<CountryRow>[] = [
  { label: 'Country', render: (row) => row.country },
  { label: 'ISPs', numeric: true, render: (row) => formatNumber(row.isp_count) },
  { label: 'IPs', numeric: true, render: (row) => formatNumber(row.ip_count) },
  { label: 'Largest ISP', render: (row) => row.top_isp ?? '—' },
];

const ispIpsColumns: Column<IspIpsRow>[] = [
  { label: 'ISP', render: (row) => row.isp },
  { label: 'Unique IPs', numeric: true, render: (row) => formatNumber(row.unique_ips) },
];

const serviceColumns: Column<ServiceRow>[] = [
  { label: 'ISP', render: (row) => row.isp },
  { label: 'VPN', numeric: true, render: (row) => formatNumber(row.vpn_ips) },
  { label: 'Proxy', numeric: true, render: (row) => formatNumber(row.proxy_ips) },
  { label: 'Tor', numeric: true, render: (row) => formatNumber(row.tor_ips) },
];

const usageColumns: Column<UsageRow>[] = [
  { label: '#', numeric: true, width: 48, render: (_row, index) => index + 1 },
  { label: 'ISP', render: (row) => row.isp },
  { label: 'VPNs', numeric: true, render: (row) => formatNumber(row.vpn_count) },
  { label: 'IPs', numeric: true, render: (row) => formatNumber(row.ip_count) },
];

export function IspPanel({ data }: { data: AnalyticsPayload }) {
  const mix = useMemo(() => serviceMixSeries(data.ispServiceBreakdown), [data.ispServiceBreakdown]);
  // The server sends the top 50 already; the cap keeps the heading true whatever it sends.
  const topUsage = data.ispVpnUsage.slice(0, TOP_ISP_LIMIT);
  return (
    <Stack gap="md">
      <SectionCard
        title="VPN, Proxy and Tor per ISP"
        description="How each ISP's flagged addresses split between VPN, proxy and Tor."
        count={data.ispServiceBreakdown.length}
      >
        {mix.length > 0 && (
          <ChartFrame label="ISP service mix chart">
            <ServiceMixChart data={mix} />
          </ChartFrame>
        )}
        <AnalyticsTable
          label="VPN, Proxy and Tor per ISP"
          rows={data.ispServiceBreakdown}
          columns={serviceColumns}
          rowKey={(row) => row.isp}
          empty="No ISP service data available"
        />
      </SectionCard>
      <SectionCard
        title={`Top ${TOP_ISP_LIMIT} ISPs by VPN usage`}
        description="ISPs ranked by how many distinct VPNs use their addresses."
        count={topUsage.length}
      >
        <AnalyticsTable
          label={`Top ${TOP_ISP_LIMIT} ISPs by VPN usage`}
          rows={topUsage}
          columns={usageColumns}
          rowKey={(row) => row.isp}
          empty="No ISP usage data available"
        />
      </SectionCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SectionCard title="ISPs per country" count={data.ispCountryBreakdown.length}>
          <AnalyticsTable
            label="ISPs per country"
            rows={data.ispCountryBreakdown}
            columns={countryColumns}
            rowKey={(row) => row.country}
            empty="No ISP country data available"
          />
        </SectionCard>
        <SectionCard title="Unique IPs per ISP" count={data.ispIpCounts.length}>
          <AnalyticsTable
            label="Unique IPs per ISP"
            rows={data.ispIpCounts}
            columns={ispIpsColumns}
            rowKey={(row) => row.isp}
            empty="No ISP address data available"
            minWidth={280}
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
