import { SimpleGrid, Stack } from '@mantine/core';
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import { formatNumber } from './format.js';
import { AnalyticsTable, NameList, SectionCard, type Column } from './parts.js';

type VpnStatsRow = AnalyticsPayload['vpnSummaryStats'][number];
type VendorVpnsRow = AnalyticsPayload['vendorVpnList'][number];
type FootprintRow = AnalyticsPayload['vendorIpFootprint'][number];
type MonthlyRow = AnalyticsPayload['vpnMonthlyIpGrowth'][number];
type PairRow = AnalyticsPayload['vendorPairs'][number];

const vpnStatsColumns: Column<VpnStatsRow>[] = [
  { label: 'VPN', render: (row) => row.vpnname },
  { label: 'Vendor', render: (row) => row.vendorname },
  { label: 'History rows', numeric: true, render: (row) => formatNumber(row.total_iphistory) },
  { label: 'Distinct IPs', numeric: true, render: (row) => formatNumber(row.total_distinct_ips) },
  { label: 'Live subdomains', numeric: true, render: (row) => formatNumber(row.total_live_subdomains) },
  { label: 'Dead subdomains', numeric: true, render: (row) => formatNumber(row.total_dead_subdomains) },
  { label: 'ISPs', numeric: true, render: (row) => formatNumber(row.total_isps) },
  { label: 'Countries', numeric: true, render: (row) => formatNumber(row.total_countries) },
  { label: 'Cities', numeric: true, render: (row) => formatNumber(row.total_cities) },
];

const vendorVpnColumns: Column<VendorVpnsRow>[] = [
  { label: 'Vendor', render: (row) => row.vendorname },
  { label: 'VPNs', numeric: true, render: (row) => formatNumber(row.vpn_list.length) },
  { label: 'VPN names', render: (row) => <NameList names={row.vpn_list} /> },
];

const footprintColumns: Column<FootprintRow>[] = [
  { label: 'Vendor', render: (row) => row.vendorname },
  { label: 'VPNs', numeric: true, render: (row) => formatNumber(row.vpn_count) },
  { label: 'IPs', numeric: true, render: (row) => formatNumber(row.total_ips) },
  { label: 'Countries', numeric: true, render: (row) => formatNumber(row.countries) },
];

const monthlyColumns: Column<MonthlyRow>[] = [
  { label: 'VPN', render: (row) => row.vpnname },
  {
    label: 'Avg. monthly unique IPs',
    numeric: true,
    render: (row) => formatNumber(row.avg_monthly_unique_ips),
  },
];

const pairColumns: Column<PairRow>[] = [
  { label: 'Vendors', render: (row) => <NameList names={row.vendors} /> },
  { label: 'Shared IPs', numeric: true, render: (row) => formatNumber(row.shared_ip_count) },
];

export function VendorVpnPanel({ data }: { data: AnalyticsPayload }) {
  return (
    <Stack gap="md">
      <SectionCard
        title="Per-VPN statistics"
        description="Addresses, subdomains and reach of each VPN over its whole history."
        count={data.vpnSummaryStats.length}
      >
        <AnalyticsTable
          label="Per-VPN statistics"
          rows={data.vpnSummaryStats}
          columns={vpnStatsColumns}
          rowKey={(row) => `${row.vendorname}/${row.vpnname}`}
          empty="No VPN statistics available"
          minWidth={960}
        />
      </SectionCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SectionCard title="Vendors and their VPNs" count={data.vendorVpnList.length}>
          <AnalyticsTable
            label="Vendors and their VPNs"
            rows={data.vendorVpnList}
            columns={vendorVpnColumns}
            rowKey={(row) => row.vendorname}
            empty="No vendors with VPNs yet"
          />
        </SectionCard>
        <SectionCard
          title="Vendor IP footprint"
          description="Distinct current addresses across all of a vendor's VPNs."
          count={data.vendorIpFootprint.length}
        >
          <AnalyticsTable
            label="Vendor IP footprint"
            rows={data.vendorIpFootprint}
            columns={footprintColumns}
            rowKey={(row) => row.vendorname}
            empty="No vendor footprint data available"
          />
        </SectionCard>
        <SectionCard title="Average monthly IPs per VPN" count={data.vpnMonthlyIpGrowth.length}>
          <AnalyticsTable
            label="Average monthly IPs per VPN"
            rows={data.vpnMonthlyIpGrowth}
            columns={monthlyColumns}
            rowKey={(row) => row.vpnname}
            empty="No monthly IP averages available"
            minWidth={320}
          />
        </SectionCard>
        <SectionCard
          title="Vendors sharing IPs"
          description="Vendors whose VPNs have used the same addresses, history included."
          count={data.vendorPairs.length}
        >
          <AnalyticsTable
            label="Vendors sharing IPs"
            rows={data.vendorPairs}
            columns={pairColumns}
            rowKey={(row) => row.vendors.join('|')}
            empty="No vendors share IP addresses"
            minWidth={320}
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
