import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.js';
import { analyticsFixture } from './analytics.fixture.js';
import { churnSeries, monthlyGrowthSeries, serviceMixSeries, topCountriesSeries } from './chart-data.js';
import {
  ChartFrame,
  ChurnChart,
  MonthlyGrowthChart,
  ServiceMixChart,
  TopCountriesChart,
} from './LazyCharts.js';

// recharts cannot measure in jsdom, so these only prove each chart loads and mounts.
describe('analytics charts', () => {
  it('load lazily and render without crashing', async () => {
    const { container } = renderWithProviders(
      <>
        <ChartFrame label="growth">
          <MonthlyGrowthChart data={monthlyGrowthSeries(analyticsFixture.monthlyIpGrowth)} />
        </ChartFrame>
        <ChartFrame label="countries">
          <TopCountriesChart data={topCountriesSeries(analyticsFixture.topCountries)} />
        </ChartFrame>
        <ChartFrame label="churn">
          <ChurnChart data={churnSeries(analyticsFixture.ipTrends, 'subdomains')} metric="subdomains" />
        </ChartFrame>
        <ChartFrame label="mix">
          <ServiceMixChart data={serviceMixSeries(analyticsFixture.ispServiceBreakdown)} />
        </ChartFrame>
      </>,
    );
    expect(screen.getAllByRole('figure')).toHaveLength(4);
    expect(await screen.findAllByTestId('analytics-chart')).toHaveLength(4);
    expect(container.querySelectorAll('.recharts-responsive-container')).toHaveLength(4);
  });
});

describe('ChartFrame', () => {
  it('shows a note instead of the chart when the chart cannot load, leaving the rest of the tab up', () => {
    const Broken = () => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <ChartFrame label="broken">
          <Broken />
        </ChartFrame>
        <p>Table below</p>
      </>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('figure', { name: 'broken' })).toHaveTextContent(
      'This chart could not be loaded',
    );
    expect(screen.getByText('Table below')).toBeInTheDocument();
  });
});
