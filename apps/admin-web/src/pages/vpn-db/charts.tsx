/**
 * The analytics charts: @mantine/charts and recharts are the heaviest code of the panel, so this
 * module is only ever loaded through React.lazy (see LazyCharts.tsx) and stays out of the
 * dashboard's first chunk.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { ChurnBar, ChurnMetric, CountryBar, GrowthPoint, ServiceMixBar } from './chart-data.js';
import { formatNumber } from './format.js';

const HEIGHT = 300;
const valueFormatter = (value: number) => formatNumber(value);

export function MonthlyGrowthChart({ data }: { data: GrowthPoint[] }) {
  return (
    <AreaChart
      data-testid="analytics-chart"
      h={HEIGHT}
      data={data}
      dataKey="label"
      series={[{ name: 'unique_ips', label: 'Unique IPs', color: 'blue.6' }]}
      curveType="monotone"
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 72 }}
      withDots={data.length <= 24}
    />
  );
}

export function TopCountriesChart({ data }: { data: CountryBar[] }) {
  return (
    <BarChart
      data-testid="analytics-chart"
      h={HEIGHT}
      data={data}
      dataKey="country"
      series={[{ name: 'ips', label: 'IPs', color: 'teal.6' }]}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 72 }}
    />
  );
}

const CHURN_SERIES: Record<ChurnMetric, { name: keyof ChurnBar; label: string; color: string }[]> = {
  subdomains: [
    { name: 'arrived', label: 'New subdomains', color: 'teal.6' },
    { name: 'other', label: 'Deactivated subdomains', color: 'red.6' },
  ],
  ips: [
    { name: 'arrived', label: 'New IPs', color: 'blue.6' },
    { name: 'other', label: 'Legacy IPs', color: 'gray.6' },
  ],
};

export function ChurnChart({ data, metric }: { data: ChurnBar[]; metric: ChurnMetric }) {
  return (
    <BarChart
      data-testid="analytics-chart"
      h={HEIGHT}
      data={data}
      dataKey="vpn"
      withLegend
      series={CHURN_SERIES[metric]}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 64 }}
    />
  );
}

export function ServiceMixChart({ data }: { data: ServiceMixBar[] }) {
  return (
    <BarChart
      data-testid="analytics-chart"
      h={Math.max(HEIGHT, data.length * 32)}
      data={data}
      dataKey="isp"
      type="stacked"
      orientation="vertical"
      withLegend
      series={[
        { name: 'vpn', label: 'VPN', color: 'blue.6' },
        { name: 'proxy', label: 'Proxy', color: 'orange.6' },
        { name: 'tor', label: 'Tor', color: 'grape.6' },
      ]}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 160 }}
    />
  );
}
