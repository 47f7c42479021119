/**
 * The API Keys tab (issue 12): every key of the detection API with its owner, limits and status;
 * search on name and owner e-mail, sort and the status filter through the shared list query.
 * Admins create, rotate and revoke keys; a new secret is shown once. A view_only operator reads
 * the list and the usage charts and sees no write controls (the server refuses writes too).
 */
import { Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { API_KEY_MESSAGES, apiKeyViewSchema, type ApiKeyView } from '@tunnelscope/contracts';
import { useMemo, useState } from 'react';
import { API_KEYS_LIST_PATH, useRevokeApiKey, type IssuedKey } from '../../api/api-keys.js';
import { messageOf } from '../../api/client.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { ConfirmDialog, DataTable } from '../../components/data-table/index.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import { API_KEY_FILTERS, apiKeyColumns } from './api-key-columns.js';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.js';
import { KeyRevealModal } from './KeyRevealModal.js';
import { RotateApiKeyDialog } from './RotateApiKeyDialog.js';
import { UsageModal } from './UsageModal.js';

/** A dialog about one key; the key stays while it fades out, so its text does not vanish. */
type KeyDialog = { key: ApiKeyView; open: boolean } | null;
const closing = (current: KeyDialog): KeyDialog => current && { ...current, open: false };

export function ApiKeysTab() {
  const canWrite = useCurrentUser().role === 'admin';
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ issued: IssuedKey; message: string } | null>(null);
  const [usage, setUsage] = useState<KeyDialog>(null);
  const [rotating, setRotating] = useState<KeyDialog>(null);
  const [revoking, setRevoking] = useState<KeyDialog>(null);
  const revoke = useRevokeApiKey();

  const columns = useMemo(
    () =>
      apiKeyColumns({
        canWrite,
        onUsage: (key) => setUsage({ key, open: true }),
        onRotate: (key) => {
          if (canWrite) setRotating({ key, open: true });
        },
        onRevoke: (key) => {
          if (canWrite) setRevoking({ key, open: true });
        },
      }),
    [canWrite],
  );

  async function confirmRevoke() {
    if (!revoking?.open) return;
    try {
      await revoke.mutateAsync(revoking.key.id);
      notifySuccess('Success', API_KEY_MESSAGES.revokedNow);
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to revoke API key'));
    } finally {
      setRevoking(closing);
    }
  }

  return (
    <>
      <DataTable<ApiKeyView>
        title="API Keys"
        description="Keys of the detection API: owners, limits, last use and status. A key's secret is shown once, when it is created or rotated."
        endpoint={API_KEYS_LIST_PATH}
        dataKey="entries"
        rowSchema={apiKeyViewSchema}
        columns={columns}
        rowKey="id"
        searchPlaceholder="Search by name or owner email..."
        filters={API_KEY_FILTERS}
        defaultSort="createdAt"
        emptyMessage="No API keys yet"
        toolbarExtra={
          canWrite && (
            <Button leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
              Create key
            </Button>
          )
        }
      />

      {canWrite && (
        <>
          <CreateApiKeyDialog
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(issued) => {
              setCreating(false);
              setRevealed({ issued, message: API_KEY_MESSAGES.created });
            }}
          />
          <RotateApiKeyDialog
            target={rotating}
            onClose={() => setRotating(closing)}
            onRotated={(issued) => {
              setRotating(closing);
              setRevealed({ issued, message: API_KEY_MESSAGES.rotated });
            }}
          />
          <ConfirmDialog
            opened={revoking?.open ?? false}
            title="Revoke API key"
            message={
              revoking && (
                <Text size="sm">
                  Revoke <strong>{revoking.key.name}</strong> ({revoking.key.prefix}…) of{' '}
                  {revoking.key.ownerEmail}? Every call with it will be refused with 401 within a second. This
                  cannot be undone.
                </Text>
              )
            }
            confirmLabel="Revoke key"
            loading={revoke.isPending}
            onConfirm={() => void confirmRevoke()}
            onCancel={() => setRevoking(closing)}
          />
          <KeyRevealModal
            issued={revealed?.issued ?? null}
            message={revealed?.message ?? ''}
            onClose={() => setRevealed(null)}
          />
        </>
      )}
      <UsageModal target={usage} onClose={() => setUsage(closing)} />
    </>
  );
}
