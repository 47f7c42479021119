import { SimpleGrid, Stack } from '@mantine/core';
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import { useMemo } from 'react';
import { topCountriesSeries } from './chart-data.js';
import { formatNumber } from './format.js';
import { ChartFrame, TopCountriesChart } from './LazyCharts.js';
import { AnalyticsTable, NameList, SectionCard, type Column } from './parts.js';

type CountryRow = AnalyticsPayload['topCountries'][number];
type VpnCountriesRow = AnalyticsPayload['vpnCountriesCount'][number];
type OriginRow = AnalyticsPayload['vendorsByOrigin'][number];

const countryColumns: Column<CountryRow>[] = [
  { label: 'Country', render: (row) => row.country },
  { label: 'IPs', numeric: true, render: (row) => formatNumber(row.ip_count) },
  { label: 'VPNs', numeric: true, render: (row) => formatNumber(row.vpn_count) },
  { label: 'ISPs', numeric: true, render: (row) => formatNumber(row.isp_count) },
];

const vpnCountryColumns: Column<VpnCountriesRow>[] = [
  { label: 'VPN', render: (row) => row.vpnname },
  { label: 'Unique countries', numeric: true, render: (row) => formatNumber(row.unique_countries) },
];

const originColumns: Column<OriginRow>[] = [
  { label: 'Origin', render: (row) => row.vendororigin },
  { label: 'Vendors', numeric: true, render: (row) => formatNumber(row.total_vendors) },
  { label: 'Vendor names', render: (row) => <NameList names={row.vendors_list} /> },
];

export function GeoIpPanel({ data }: { data: AnalyticsPayload }) {
  const chart = useMemo(() => topCountriesSeries(data.topCountries), [data.topCountries]);
  return (
    <Stack gap="md">
      <SectionCard
        title="Top countries"
        description="Where VPN addresses are located, with how many VPNs and ISPs they span."
        count={data.topCountries.length}
      >
        {chart.length > 0 && (
          <ChartFrame label="Top countries chart">
            <TopCountriesChart data={chart} />
          </ChartFrame>
        )}
        <AnalyticsTable
          label="Top countries"
          rows={data.topCountries}
          columns={countryColumns}
          rowKey={(row) => row.country}
          empty="No country data available"
        />
      </SectionCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SectionCard title="Unique countries per VPN" count={data.vpnCountriesCount.length}>
          <AnalyticsTable
            label="Unique countries per VPN"
            rows={data.vpnCountriesCount}
            columns={vpnCountryColumns}
            rowKey={(row) => row.vpnname}
            empty="No VPN country data available"
            minWidth={280}
          />
        </SectionCard>
        <SectionCard title="Vendors by origin" count={data.vendorsByOrigin.length}>
          <AnalyticsTable
            label="Vendors by origin"
            rows={data.vendorsByOrigin}
            columns={originColumns}
            rowKey={(row) => row.vendororigin}
            empty="No vendor origin data available"
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
