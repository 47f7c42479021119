/**
 * Database Analytics' Data sources section (issue 17 item 4), below the spec's sub-tabs: what fed
 * the IP database lately. Each public feed's last run (or that it never ran), each collector's
 * last run report, and how many VPNs a collector created that nobody reviewed yet. It has its own
 * call (GET /vpn-db/sources, read live), so the analytics' five-minute cache never hides a run.
 */
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { CollectorStatus, FeedName, FeedStatus } from '@tunnelscope/contracts';
import { DatabaseOfflineError, useDataSources } from '../../api/ipdb.js';
import { TruncatedText } from '../../components/truncated-text/TruncatedText.js';
import { formatDateTime, formatNumber } from './format.js';
import { AnalyticsTable, SectionCard, type Column } from './parts.js';

/** The feeds by what they are, not by their internal names. */
export const FEED_LABELS: Record<FeedName, string> = {
  tor: 'Tor exit list',
  relay: 'iCloud Private Relay egress',
  cloud: 'Cloud and hosting ranges',
};

export const NEVER_RAN = 'No run yet';

/** '1 VPN needs review', '3 VPNs need review', 'No VPN needs review'. */
export function reviewText(count: number): string {
  if (count === 0) return 'No VPN needs review';
  return count === 1 ? '1 VPN needs review' : `${formatNumber(count)} VPNs need review`;
}

/** A figure of the last run, or a dash for a feed that never ran. */
const runFigure = (row: FeedStatus, pick: (run: NonNullable<FeedStatus['lastRun']>) => number) =>
  row.lastRun ? formatNumber(pick(row.lastRun)) : '—';

const feedColumns: Column<FeedStatus>[] = [
  { label: 'Feed', render: (row) => FEED_LABELS[row.feed] },
  {
    label: 'Last run',
    render: (row) =>
      row.lastRun ? (
        formatDateTime(row.lastRun.finishedAt)
      ) : (
        <Text size="sm" c="dimmed">
          {NEVER_RAN}
        </Text>
      ),
  },
  {
    label: 'Source',
    render: (row) => (row.lastRun ? <TruncatedText text={row.lastRun.source} max={48} /> : '—'),
  },
  { label: 'Parsed', numeric: true, render: (row) => runFigure(row, (run) => run.parsed) },
  { label: 'Added', numeric: true, render: (row) => runFigure(row, (run) => run.added) },
  { label: 'Removed', numeric: true, render: (row) => runFigure(row, (run) => run.removed) },
  { label: 'Unchanged', numeric: true, render: (row) => runFigure(row, (run) => run.unchanged) },
  { label: 'Ranges listed', numeric: true, render: (row) => formatNumber(row.ranges) },
  {
    label: 'Kept previous data',
    render: (row) =>
      row.lastRun ? (
        <Badge variant="light" color={row.lastRun.keptPrevious ? 'orange' : 'green'} tt="none">
          {row.lastRun.keptPrevious ? 'Yes' : 'No'}
        </Badge>
      ) : (
        '—'
      ),
  },
  {
    label: 'Error',
    render: (row) => (row.lastRun?.error ? <TruncatedText text={row.lastRun.error} max={80} c="red" /> : '—'),
  },
];

const collectorColumns: Column<CollectorStatus>[] = [
  {
    label: 'Collector',
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <span>{row.name}</span>
        {row.revokedAt && (
          <Tooltip label={`Token revoked ${formatDateTime(row.revokedAt)}`}>
            <Badge variant="light" color="gray" size="sm" tt="none">
              Revoked
            </Badge>
          </Tooltip>
        )}
      </Group>
    ),
  },
  { label: 'Last used', render: (row) => formatDateTime(row.lastUsedAt, 'Never') },
  { label: 'Last report: VPN', render: (row) => row.lastReport?.vpn ?? 'No report yet' },
  {
    label: 'Status',
    render: (row) =>
      row.lastReport ? (
        <Badge variant="light" color={row.lastReport.status === 'success' ? 'green' : 'red'} tt="none">
          {row.lastReport.status}
        </Badge>
      ) : (
        '—'
      ),
  },
  {
    label: 'Observed',
    numeric: true,
    render: (row) => (row.lastReport ? formatNumber(row.lastReport.observed) : '—'),
  },
  { label: 'Reported', render: (row) => formatDateTime(row.lastReport?.receivedAt) },
];

const TITLE = 'Data sources';
const DESCRIPTION =
  'What feeds the IP database: the public feeds (each one’s last run) and the VPN collectors (each one’s last report).';

export function DataSourcesSection() {
  const { data, error, isPending, isFetching, refetch } = useDataSources();
  const retry = () => void refetch({ cancelRefetch: true });

  if (error) {
    const offline = error instanceof DatabaseOfflineError;
    return (
      <SectionCard title={TITLE} description={DESCRIPTION}>
        <Alert
          color={offline ? 'orange' : 'red'}
          variant="light"
          radius="md"
          title={offline ? 'Data sources unavailable' : 'Data sources error'}
          icon={<IconAlertCircle size={20} />}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button
              color={offline ? 'orange' : 'red'}
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={retry}
              loading={isFetching}
            >
              Retry data sources
            </Button>
          </Stack>
        </Alert>
      </SectionCard>
    );
  }

  if (isPending || !data) {
    return (
      <SectionCard title={TITLE} description={DESCRIPTION}>
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={28} width="30%" radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      </SectionCard>
    );
  }

  const { feeds, collectors, vpnsNeedingReview } = data.data;
  return (
    <SectionCard title={TITLE} description={DESCRIPTION}>
      <Group gap="xs">
        <Badge
          variant="light"
          color={vpnsNeedingReview > 0 ? 'orange' : 'gray'}
          leftSection={vpnsNeedingReview > 0 ? <IconAlertTriangle size={12} /> : undefined}
          tt="none"
          data-testid="vpns-needing-review"
        >
          {reviewText(vpnsNeedingReview)}
        </Badge>
        {vpnsNeedingReview > 0 && (
          <Text size="xs" c="dimmed">
            VPNs a collector reported that nobody had created.
          </Text>
        )}
      </Group>
      <Title order={5}>Public feeds</Title>
      <AnalyticsTable
        label="Public feeds"
        rows={feeds}
        columns={feedColumns}
        rowKey={(row) => row.feed}
        empty="No feed is configured"
        minWidth={960}
      />
      <Title order={5}>Collectors</Title>
      <AnalyticsTable
        label="Collectors"
        rows={collectors}
        columns={collectorColumns}
        rowKey={(row) => row.id}
        empty="No collector has been created yet (pnpm collector:create --name N)"
        minWidth={720}
      />
    </SectionCard>
  );
}
