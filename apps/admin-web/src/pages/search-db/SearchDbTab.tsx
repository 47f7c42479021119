/**
 * The Search DB tab: look one IPv4 address up in the IP database and show what it knows now, what
 * it knew before, and the subdomains that pointed at it.
 */
import { DbIpAttribution } from '../../components/attribution/DbIpAttribution.js';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDatabaseSearch, IconSearch, IconX } from '@tabler/icons-react';
import {
  EXAMPLE_IP,
  searchIpRequestSchema,
  type IpRecordType,
  type IpSearchRecord,
} from '@tunnelscope/contracts';
import { useRef, type ReactNode } from 'react';
import { DatabaseOfflineError, useSearchIp, type IpSearchResult } from '../../api/ipdb.js';
import { DatabaseOfflinePanel } from '../vpn-db/DatabaseOfflinePanel.js';
import { formatDateTime, formatNumber } from '../vpn-db/format.js';
import { groupRecords, type RecordGroup } from './search-groups.js';

/** The address to search, or the spec's message for why it cannot be searched. */
export function validateIpInput(raw: string): { ipAddress: string } | { error: string } {
  const parsed = searchIpRequestSchema.safeParse({ ipAddress: raw });
  if (parsed.success) return { ipAddress: parsed.data.ipAddress };
  return { error: parsed.error.issues[0]?.message ?? 'Invalid IP address' };
}

const dash = (value: string | null) => value ?? '—';

function Flags({ record }: { record: IpSearchRecord }) {
  const flags = [
    { on: record.is_vpn, label: 'VPN', color: 'blue' },
    { on: record.is_proxy, label: 'Proxy', color: 'orange' },
    { on: record.is_tor, label: 'Tor', color: 'grape' },
  ].filter((flag) => flag.on);
  if (flags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {flags.map((flag) => (
        <Badge key={flag.label} size="sm" variant="light" color={flag.color}>
          {flag.label}
        </Badge>
      ))}
    </Group>
  );
}

function SubdomainStatus({ value }: { value: string | null }) {
  if (!value) return <Text size="sm">—</Text>;
  const state = value.toLowerCase();
  const color = state === 'live' ? 'green' : state === 'dead' ? 'red' : 'gray';
  return (
    <Badge size="sm" variant="dot" color={color}>
      {state === 'live' ? 'Live' : state === 'dead' ? 'Dead' : value}
    </Badge>
  );
}

interface RecordColumn {
  label: string;
  render: (record: IpSearchRecord) => ReactNode;
}

const col = {
  ip: { label: 'IP', render: (r) => r.ip },
  country: { label: 'Country', render: (r) => dash(r.country) },
  city: { label: 'City', render: (r) => dash(r.city) },
  isp: { label: 'ISP', render: (r) => dash(r.isp) },
  vpn: { label: 'VPN', render: (r) => dash(r.vpnname) },
  vendor: { label: 'Vendor', render: (r) => dash(r.vendorname) },
  flags: { label: 'Flags', render: (r) => <Flags record={r} /> },
  lastChecked: { label: 'Last checked', render: (r) => formatDateTime(r.lastchecked) },
  historyDate: { label: 'History date', render: (r) => formatDateTime(r.historydate) },
  subdomain: { label: 'Subdomain', render: (r) => dash(r.subdomainname) },
  status: { label: 'Status', render: (r) => <SubdomainStatus value={r.subdomain} /> },
  subdomainChecked: { label: 'Last checked', render: (r) => formatDateTime(r.subdomain_lastchecked) },
} satisfies Record<string, RecordColumn>;

/** Which record fields each group shows. */
const GROUP_COLUMNS: Record<IpRecordType, RecordColumn[]> = {
  current: [col.ip, col.country, col.city, col.isp, col.vpn, col.vendor, col.flags, col.lastChecked],
  history: [col.ip, col.historyDate, col.country, col.city, col.isp, col.vpn, col.vendor, col.flags],
  subdomain: [col.subdomain, col.status, col.ip, col.vpn, col.vendor, col.subdomainChecked],
  subdomain_history: [
    col.subdomain,
    col.status,
    col.historyDate,
    col.ip,
    col.vpn,
    col.vendor,
    col.subdomainChecked,
  ],
};

const GROUP_EMPTY: Record<IpRecordType, string> = {
  current: 'Not in the current VPN address list',
  history: 'No earlier VPN use recorded',
  subdomain: 'No subdomain points at this address',
  subdomain_history: 'No subdomain has pointed at this address before',
};

function RecordGroupCard({ group }: { group: RecordGroup }) {
  const columns = GROUP_COLUMNS[group.type];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={group.title}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {group.title}
          </Title>
          <Badge variant="light" color={group.records.length > 0 ? 'blue' : 'gray'} size="sm">
            {group.records.length}
          </Badge>
        </Group>
        {group.records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {GROUP_EMPTY[group.type]}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760} maxHeight={360}>
            <Table striped highlightOnHover stickyHeader verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.label}>{column.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.records.map((record, index) => (
                  <Table.Tr key={index} data-testid="ip-record">
                    {columns.map((column) => (
                      <Table.Td key={column.label}>{column.render(record)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function SearchResults({ result }: { result: IpSearchResult }) {
  if (result.records.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack gap={4} align="center">
          <IconDatabaseSearch size={32} stroke={1.5} aria-hidden />
          <Title order={3} size="h4">
            No Records Found
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            The IP database has no current, historical or subdomain record of {result.searchedIp}.
          </Text>
        </Stack>
      </Paper>
    );
  }
  const { recordCount, searchedIp } = result;
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="search-summary">
        Found <b>{formatNumber(recordCount)}</b> {recordCount === 1 ? 'record' : 'records'} for{' '}
        <b>{searchedIp}</b>
      </Text>
      {groupRecords(result.records).map((group) => (
        <RecordGroupCard key={group.type} group={group} />
      ))}
    </Stack>
  );
}

export function SearchDbTab() {
  const form = useForm({
    initialValues: { ipAddress: '' },
    validate: {
      ipAddress: (raw) => {
        const checked = validateIpInput(raw);
        return 'error' in checked ? checked.error : null;
      },
    },
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useSearchIp();

  const run = (ipAddress: string) => {
    search.mutate(ipAddress, {
      onError: (error) => {
        if (error instanceof DatabaseOfflineError) {
          notifications.show({ color: 'orange', title: 'Database Offline', message: error.message });
        } else {
          notifications.show({ color: 'red', title: 'Search Error', message: error.message });
        }
      },
    });
  };

  const onSubmit = form.onSubmit((values) => {
    // Validation passed: the schema's output is the trimmed address, searched and shown as such.
    const checked = validateIpInput(values.ipAddress);
    if ('error' in checked) return;
    form.setFieldValue('ipAddress', checked.ipAddress);
    run(checked.ipAddress);
  });

  const clear = () => {
    search.reset();
    form.reset();
    inputRef.current?.focus();
  };

  const error = search.error;
  const hasSomethingToClear =
    form.values.ipAddress !== '' || form.errors.ipAddress !== undefined || !search.isIdle;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Search DB
        </Title>
        <Text size="sm" c="dimmed">
          Look up an IPv4 address in the VPN IP database: its current use, its history and the subdomains that
          resolved to it.
        </Text>
      </div>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate role="search">
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={inputRef}
            label="IP Address"
            placeholder={`e.g. ${EXAMPLE_IP}`}
            {...form.getInputProps('ipAddress')}
            autoComplete="off"
            spellCheck={false}
            inputMode="decimal"
            maxLength={64}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Group gap="sm" mt={25}>
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={search.isPending}>
              Search DB
            </Button>
            <Button
              type="button"
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={clear}
              disabled={!hasSomethingToClear}
            >
              Clear Results
            </Button>
          </Group>
        </Group>
      </Paper>

      {search.isPending && (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden>Searching…</VisuallyHidden>
          <Skeleton height={20} width={240} />
          <Skeleton height={140} radius="md" />
        </Stack>
      )}

      {error instanceof DatabaseOfflineError && (
        <DatabaseOfflinePanel
          message={error.message}
          onRetry={() => search.variables && run(search.variables)}
          retrying={search.isPending}
        />
      )}

      {error && !(error instanceof DatabaseOfflineError) && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          title="Search Error"
          icon={<IconAlertCircle size={20} />}
        >
          {error.message}
        </Alert>
      )}

      {search.data && <SearchResults result={search.data} />}
      <DbIpAttribution />
    </Stack>
  );
}
