import { Alert, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { API_KEY_USAGE_DAYS, type ApiKeyView } from '@tunnelscope/contracts';
import { lazy } from 'react';
import { useApiKeyUsage } from '../../api/api-keys.js';
import { ChartFrame } from '../vpn-db/LazyCharts.js';
import type { UsageBar } from './usage-chart.js';

const UsageChart = lazy(() => import('./usage-chart.js').then((m) => ({ default: m.UsageChart })));

/** 'Nov 25' for '2026-11-25', read as a calendar day (no time zone shift). */
export function dayLabel(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export interface UsageModalProps {
  target: { key: ApiKeyView; open: boolean } | null;
  onClose: () => void;
}

/** Daily lookups of one key over the last 30 days, against its daily quota. */
export function UsageModal({ target, onClose }: UsageModalProps) {
  return (
    <Modal
      opened={target?.open ?? false}
      onClose={onClose}
      title={target ? `Usage of ${target.key.name}` : 'Usage'}
      centered
      size="xl"
    >
      {target && <Usage apiKey={target.key} />}
    </Modal>
  );
}

function Usage({ apiKey }: { apiKey: ApiKeyView }) {
  const usage = useApiKeyUsage(apiKey.id);
  if (usage.isPending) return <Skeleton height={260} radius="md" />;
  if (usage.isError) {
    return (
      <Alert color="red" title="Usage Error">
        The usage of this key could not be loaded. Please try again.
      </Alert>
    );
  }
  const { days, dailyQuota } = usage.data;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const bars: UsageBar[] = days.map((day) => ({ day: dayLabel(day.date), lookups: day.count }));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          <strong data-testid="usage-total">{total.toLocaleString('en-US')}</strong>{' '}
          {total === 1 ? 'lookup' : 'lookups'} in the last {API_KEY_USAGE_DAYS} days
        </Text>
        <Text size="sm" c="dimmed">
          Daily quota {dailyQuota.toLocaleString('en-US')}
        </Text>
      </Group>
      <ChartFrame label={`Daily lookups of ${apiKey.name}`} height={260}>
        <UsageChart data={bars} />
      </ChartFrame>
    </Stack>
  );
}
