import { Skeleton, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ReactNode } from 'react';

// One chunk for all four charts: whichever sub-tab asks first loads it, the rest reuse it.
const load = () => import('./charts.js');

const MonthlyGrowthChart = lazy(() => load().then((m) => ({ default: m.MonthlyGrowthChart })));
const TopCountriesChart = lazy(() => load().then((m) => ({ default: m.TopCountriesChart })));
const ChurnChart = lazy(() => load().then((m) => ({ default: m.ChurnChart })));
const ServiceMixChart = lazy(() => load().then((m) => ({ default: m.ServiceMixChart })));

export { ChurnChart, MonthlyGrowthChart, ServiceMixChart, TopCountriesChart };

/**
 * A chart chunk that fails to load (a deploy replaced it, the network dropped) costs only the
 * picture: the tables beside it carry the same figures, so the tab stays up.
 */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        This chart could not be loaded; the table has the same figures.
      </Text>
    );
  }
}

/** A labelled figure that shows a placeholder of the same height while the chart code loads. */
export function ChartFrame({
  label,
  height = 300,
  children,
}: {
  label: string;
  height?: number;
  children: ReactNode;
}) {
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <ChartBoundary>
        <Suspense fallback={<Skeleton height={height} radius="md" />}>{children}</Suspense>
      </ChartBoundary>
    </figure>
  );
}
