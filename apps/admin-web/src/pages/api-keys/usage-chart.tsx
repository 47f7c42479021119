/**
 * The usage chart of one key: @mantine/charts and recharts are heavy, so this module is only
 * loaded through React.lazy (UsageModal.tsx), like the analytics charts.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface UsageBar {
  /** 'Nov 25' */
  day: string;
  lookups: number;
}

export function UsageChart({ data }: { data: UsageBar[] }) {
  return (
    <BarChart
      data-testid="usage-chart"
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'lookups', label: 'Lookups', color: 'blue.6' }]}
      valueFormatter={(value) => value.toLocaleString('en-US')}
      // Counts are whole lookups; the quota is printed above the chart rather than drawn, since a
      // line at 10,000 would flatten a day of a few hundred lookups to nothing.
      yAxisProps={{ width: 72, allowDecimals: false }}
    />
  );
}
