/** The building blocks every analytics sub-tab shares: a titled card and a capped, scrolling table. */
import { Badge, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Tables stop growing at this height and scroll inside. */
export const TABLE_MAX_HEIGHT = 360;

export function SectionCard({
  title,
  description,
  count,
  children,
}: {
  title: string;
  description?: string;
  /** Shown as a badge beside the title (rows in the table). */
  count?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Group gap="xs" wrap="nowrap">
            <Title order={4}>{title}</Title>
            {count !== undefined && (
              <Badge variant="light" color="gray" size="sm">
                {count}
              </Badge>
            )}
          </Group>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      {children}
    </Text>
  );
}

export interface Column<T> {
  label: string;
  render: (row: T, index: number) => ReactNode;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
  /** A fixed width, for narrow columns such as a rank. */
  width?: number;
}

export function AnalyticsTable<T>({
  rows,
  columns,
  rowKey,
  empty,
  minWidth = 480,
  label,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string;
  /** The sub-tab's own wording for "nothing here". */
  empty: string;
  minWidth?: number;
  /** The table's accessible name (usually its card's title). */
  label?: string;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={TABLE_MAX_HEIGHT}>
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined} w={column.width}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.label}
                  ta={column.numeric ? 'right' : undefined}
                  style={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                >
                  {column.render(row, index)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A list of names as small badges (VPNs of a vendor, vendors of an origin). */
export function NameList({ names, empty = '—' }: { names: readonly string[]; empty?: string }) {
  if (names.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="light" size="sm" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}

export function StatCard({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="entity-total">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
