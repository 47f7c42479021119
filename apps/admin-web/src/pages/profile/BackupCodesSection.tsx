/**
 * Backup codes on the Security tab (issue 16): how many are left, and "Regenerate backup codes",
 * which needs the current authenticator code (a backup code will not do: it would spend one of
 * the codes being replaced). The new codes show once, in the dialog, with a download; closing it
 * forgets them. The server audits it and counts a wrong code toward the sign-in lockout.
 */
import { Alert, Badge, Button, Code, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { ADMIN_MESSAGES, totpCodeField } from '@tunnelscope/contracts';
import { OneTimeCodeInput } from '@tunnelscope/web-ui';
import { useState } from 'react';
import { messageOf } from '../../api/client.js';
import { useBackupCodesStatus, useRegenerateBackupCodes } from '../../api/operator-safety.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { runtimeConfig } from '../../runtime-config.js';
import { BACKUP_CODES_FILE_NAME, backupCodesText, downloadTextFile } from './backup-codes.js';

/** '7 backup codes left', '1 backup code left', 'No backup codes left'. */
export function remainingLabel(remaining: number): string {
  if (remaining === 0) return 'No backup codes left';
  return `${remaining} backup ${remaining === 1 ? 'code' : 'codes'} left`;
}

function RegenerateDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const user = useCurrentUser();
  const regenerate = useRegenerateBackupCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = () => {
    setCode('');
    setError(undefined);
    setCodes(null);
    regenerate.reset();
    onClose();
  };

  const submit = () => {
    if (!totpCodeField.safeParse(code).success) {
      setError(ADMIN_MESSAGES.sixDigitCode);
      return;
    }
    setError(undefined);
    regenerate.mutate(code, {
      onSuccess: setCodes,
      onError: (err) => {
        setCode('');
        setError(messageOf(err, 'Failed to generate new backup codes'));
      },
    });
  };

  const download = () =>
    codes &&
    downloadTextFile(
      BACKUP_CODES_FILE_NAME,
      backupCodesText(codes, { brand: runtimeConfig.brandName, username: user.username, date: new Date() }),
    );

  return (
    <Modal opened={opened} onClose={close} title="Regenerate backup codes" centered>
      {codes ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title="New backup codes">
            Your old backup codes no longer work. Save these now: they are not shown again.
          </Alert>
          <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" data-testid="backup-codes">
            {codes.map((c) => (
              <Code key={c} data-testid="backup-code" fz="md" ta="center" py={6}>
                {c}
              </Code>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
              Download backup codes
            </Button>
            <Button onClick={close}>I have saved my backup codes</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Regenerate backup codes"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              Enter the current 6-digit code from your authenticator app. Your remaining backup codes stop
              working and ten new ones are shown once.
            </Text>
            <OneTimeCodeInput value={code} onChange={setCode} disabled={regenerate.isPending} error={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={regenerate.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                Generate new codes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function BackupCodesSection() {
  const status = useBackupCodesStatus();
  const [open, setOpen] = useState(false);
  const remaining = status.data?.remaining;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>Backup codes</Text>
        {remaining !== undefined && (
          <Badge color={remaining <= 2 ? 'orange' : 'gray'} variant="light" data-testid="backup-codes-left">
            {remainingLabel(remaining)}
          </Badge>
        )}
      </Group>
      {status.isError && (
        <Text size="sm" c="red">
          {messageOf(status.error, 'Failed to load the backup codes count')}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          Regenerate backup codes
        </Button>
      </Group>
      <RegenerateDialog opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
