/**
 * The Logs table's details cell (issue 16): the one-line summary, and a button that opens a
 * formatted view of the row's details — what was acted on, the error, and each recorded field as
 * a labelled value (nested values as indented JSON) — instead of raw JSON in a tooltip, reachable
 * by keyboard and touch.
 */
import { ActionIcon, Code, Group, Popover, Stack, Text } from '@mantine/core';
import type { LogRow } from '@tunnelscope/contracts';
import { TruncatedText } from '../../components/truncated-text/TruncatedText.js';
import { detailsEntries, logDetails } from './log-labels.js';

/** How much of the details the table shows inline. */
export const DETAILS_PREVIEW_LENGTH = 80;

function errorText(row: LogRow): string | null {
  const failure = row.errorMessage;
  if (typeof failure === 'string') return failure.trim() || null;
  if (failure && typeof failure === 'object')
    return (
      [failure.error, failure.message].filter((v) => typeof v === 'string' && v.trim()).join(' — ') || null
    );
  return null;
}

export function LogDetailsCell({ row }: { row: LogRow }) {
  const entries = detailsEntries(row.details);
  const error = errorText(row);
  const target = [row.resource, row.resourceId].filter((v) => v?.trim()).join(' ');
  const hasMore = entries.length > 0 || error !== null || target !== '';
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <TruncatedText
        text={logDetails(row)}
        max={DETAILS_PREVIEW_LENGTH}
        c={row.success ? undefined : 'red'}
        data-testid="log-details"
      />
      {hasMore && (
        <Popover width={360} position="bottom-end" withArrow shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" size="sm" aria-label="Show details" data-testid="log-details-open">
              …
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6} data-testid="log-details-view">
              {error && (
                <Text size="sm" c="red">
                  {error}
                </Text>
              )}
              {target && (
                <Text size="sm">
                  <Text span fw={600}>
                    Target:
                  </Text>{' '}
                  {target}
                </Text>
              )}
              {entries.map((e) => (
                <div key={e.key}>
                  <Text size="xs" c="dimmed">
                    {e.label}
                  </Text>
                  {e.structured ? (
                    <Code block>{e.value}</Code>
                  ) : (
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {e.value}
                    </Text>
                  )}
                </div>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
