import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingStore, IconServer, IconShieldLock, IconWorldWww } from '@tabler/icons-react';
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import { formatBytes, formatDateTime, formatNumber } from './format.js';
import { AnalyticsTable, SectionCard, StatCard, type Column } from './parts.js';

type TableRow = AnalyticsPayload['tableMetadata'][number];
type UpdateRow = AnalyticsPayload['vpnUpdateStatus'][number];

/** A colour for a scraper run status; the statuses are free text, so match on the usual words. */
export function statusColor(status: string): string {
  const s = status.toLowerCase();
  if (/(fail|error|broken|stale|timeout)/.test(s)) return 'red';
  if (/(run|progress|pending|queued|wait)/.test(s)) return 'blue';
  if (/(success|succeeded|ok|complete|done|active|up.?to.?date)/.test(s)) return 'green';
  return 'gray';
}

const tableColumns: Column<TableRow>[] = [
  { label: 'Table', render: (row) => row.table_name },
  { label: 'Estimated rows', numeric: true, render: (row) => formatNumber(row.rows_estimate) },
  { label: 'Total size', numeric: true, render: (row) => formatBytes(row.total_size_bytes) },
  { label: 'Last maintenance', render: (row) => formatDateTime(row.last_maintenance, 'Never') },
];

const updateColumns: Column<UpdateRow>[] = [
  { label: 'VPN ID', numeric: true, render: (row) => row.vpnid },
  { label: 'VPN', render: (row) => row.vpnname },
  { label: 'Last updated', render: (row) => formatDateTime(row.lastupdated, 'Never') },
  { label: 'Last run', render: (row) => formatDateTime(row.lastrun, 'Never') },
  {
    label: 'Status',
    render: (row) => (
      <Badge variant="light" color={statusColor(row.status)} tt="none">
        {row.status}
      </Badge>
    ),
  },
  {
    label: 'Automation',
    render: (row) => (
      <Badge variant="dot" color={row.automation ? 'green' : 'gray'} tt="none">
        {row.automation ? 'Yes' : 'No'}
      </Badge>
    ),
  },
];

export function DbMetadataPanel({ data }: { data: AnalyticsPayload }) {
  const totals = data.entityTotals;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label="IPs"
          value={formatNumber(totals.total_ips)}
          icon={<IconServer size={20} />}
          color="blue"
        />
        <StatCard
          label="Subdomains"
          value={formatNumber(totals.total_subdomains)}
          icon={<IconWorldWww size={20} />}
          color="teal"
        />
        <StatCard
          label="VPNs"
          value={formatNumber(totals.total_vpns)}
          icon={<IconShieldLock size={20} />}
          color="grape"
        />
        <StatCard
          label="Vendors"
          value={formatNumber(totals.total_vendors)}
          icon={<IconBuildingStore size={20} />}
          color="orange"
        />
      </SimpleGrid>
      <SectionCard
        title="Core tables"
        description="Size on disk and the planner's row estimate; last maintenance is the latest vacuum or analyze."
        count={data.tableMetadata.length}
      >
        <AnalyticsTable
          label="Core tables"
          rows={data.tableMetadata}
          columns={tableColumns}
          rowKey={(row) => row.table_name}
          empty="No table metadata available"
        />
      </SectionCard>
      <SectionCard
        title="VPN update status"
        description="When each VPN's addresses were last refreshed and how its last collection run ended."
        count={data.vpnUpdateStatus.length}
      >
        <AnalyticsTable
          label="VPN update status"
          rows={data.vpnUpdateStatus}
          columns={updateColumns}
          rowKey={(row) => String(row.vpnid)}
          empty="No VPN update data available"
          minWidth={720}
        />
      </SectionCard>
    </Stack>
  );
}
