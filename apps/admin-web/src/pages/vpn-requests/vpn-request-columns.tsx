import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ADMIN_API, type VpnRequestRow } from '@tunnelscope/contracts';
import { formatValue, type DataTableColumn } from '../../components/data-table/index.js';
import { TruncatedText } from '../../components/truncated-text/TruncatedText.js';
import { createdAtColumn, statusColumn, verifiedColumn } from '../review/review-columns.js';

export const VPN_REQUESTS_PATH = ADMIN_API.vpnRequests.path;

/** Only web addresses become links; anything else stored in the field shows as plain text. */
export function safeHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** What the link reads: the app id of a Play Store address (`?id=com.example.vpn`), else the host and path. */
export function storeLinkText(url: URL): string {
  const appId = url.searchParams.get('id');
  if (appId) return appId;
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** Opens the store page in a new tab, without giving it a handle on this one. */
export function StoreLink({ link }: { link: string }) {
  const url = safeHttpUrl(link);
  if (!url) return <TruncatedText text={link || '-'} max={40} />;
  return (
    <Anchor href={url.href} target="_blank" rel="noopener noreferrer" size="sm" title={url.href}>
      <Group gap={4} wrap="nowrap" component="span">
        <span>{storeLinkText(url)}</span>
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/**
 * The VPN Requests table: VPN name and user e-mail (both sortable), the Play Store link,
 * request number, verified (OK or Pending), status with a compact notes editor, created (sortable).
 * What the visitor wrote about the VPN shows under its name.
 */
export function vpnRequestColumns({ canEdit }: { canEdit: boolean }): DataTableColumn<VpnRequestRow>[] {
  return [
    {
      key: 'vpnName',
      label: 'VPN Name',
      sortable: true,
      render: (row) => (
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500}>
            {row.vpnName}
          </Text>
          {row.additionalInfo.trim() && (
            <TruncatedText text={row.additionalInfo} max={60} size="xs" c="dimmed" />
          )}
        </Stack>
      ),
    },
    { key: 'userEmail', label: 'User Email', sortable: true },
    {
      key: 'playstoreLink',
      label: 'Play Store Link',
      render: (row) => <StoreLink link={row.playstoreLink} />,
    },
    { key: 'requestNumber', label: 'Request Number', render: (row) => formatValue(row.requestNumber) },
    verifiedColumn<VpnRequestRow>('Verified', 'OK'),
    statusColumn<VpnRequestRow>({ endpoint: VPN_REQUESTS_PATH, canEdit, variant: 'compact' }),
    createdAtColumn<VpnRequestRow>(),
  ];
}
