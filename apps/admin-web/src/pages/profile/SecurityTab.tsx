/**
 * Profile Settings, Security tab. Two-factor sign-in goes disabled → setup initiated (QR code and
 * secret) → code verified → enabled (backup codes shown once, then a reload); enabled → Disable
 * 2FA (the current password confirms it, then a reload: Disable2faDialog). While enabled, the
 * backup codes left and their regeneration (BackupCodesSection, issue 16).
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { ADMIN_MESSAGES, totpCodeField, type Setup2faResponse } from '@tunnelscope/contracts';
import { OneTimeCodeInput } from '@tunnelscope/web-ui';
import { useState } from 'react';
import { useSetup2fa, useVerify2faSetup } from '../../api/auth.js';
import { AdminApiError, RetriesExhaustedError, messageOf } from '../../api/client.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { reloadPage } from '../../auth/page-reload.js';
import { CopyButton } from '../../components/copy-button/CopyButton.js';
import { notifyError } from '../../components/notify.js';
import { runtimeConfig } from '../../runtime-config.js';
import { BackupCodesSection } from './BackupCodesSection.js';
import { Disable2faDialog } from './Disable2faDialog.js';
import { BACKUP_CODES_FILE_NAME, backupCodesText, downloadTextFile } from './backup-codes.js';

/**
 * A refused code (a 4xx answer) is 'Invalid verification code' unless the server said more; a
 * call that failed for any other reason is 'Failed to verify 2FA setup'.
 */
export function verifyFailureMessage(error: unknown): string {
  if (error instanceof AdminApiError) return error.serverMessage ?? ADMIN_MESSAGES.invalidCode;
  if (error instanceof RetriesExhaustedError) return messageOf(error, 'Failed to verify 2FA setup');
  return 'Failed to verify 2FA setup';
}

function EnabledPanel() {
  const [disabling, setDisabling] = useState(false);

  return (
    <Stack gap="md" maw={560}>
      <Group gap="xs">
        <IconShieldCheck size={22} aria-hidden />
        <Text fw={600}>Two-factor authentication</Text>
        <Badge color="green" variant="light">
          Enabled
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Signing in asks for a 6-digit code from your authenticator app, or one of your backup codes.
      </Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setDisabling(true)}>
          Disable 2FA
        </Button>
      </Group>
      <BackupCodesSection />
      <Disable2faDialog opened={disabling} onClose={() => setDisabling(false)} />
    </Stack>
  );
}

function BackupCodesPanel({ codes }: { codes: string[] }) {
  const user = useCurrentUser();
  const download = () =>
    downloadTextFile(
      BACKUP_CODES_FILE_NAME,
      backupCodesText(codes, { brand: runtimeConfig.brandName, username: user.username, date: new Date() }),
    );

  return (
    <Stack gap="md" maw={560}>
      <Alert color="green" variant="light" title="Two-factor authentication is enabled">
        Save these backup codes now. Each one signs you in once in place of an authenticator code, and they
        are not shown again after you continue.
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" data-testid="backup-codes">
        {codes.map((code) => (
          <Code key={code} data-testid="backup-code" fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download backup codes
        </Button>
        <Button onClick={reloadPage}>I have saved my backup codes</Button>
      </Group>
    </Stack>
  );
}

function SetupPanel({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: Setup2faResponse['data'];
  onCancel(): void;
  onEnabled(codes: string[]): void;
}) {
  const verify = useVerify2faSetup();
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (code) => (totpCodeField.safeParse(code).success ? null : ADMIN_MESSAGES.sixDigitCode),
    },
  });

  const submit = form.onSubmit(({ code }) => {
    verify.mutate(
      { secret: setup.secret, totpCode: code },
      {
        onSuccess: (data) => onEnabled(data.backupCodes),
        onError: (err) => {
          form.setFieldValue('code', '');
          notifyError('Verification Failed', verifyFailureMessage(err));
        },
      },
    );
  });
  const codeError = form.errors.code;

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor setup">
      <Stack gap="md" maw={560}>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>Scan the QR code with an authenticator app (or enter the secret by hand).</List.Item>
          <List.Item>Enter the 6-digit code the app shows, then verify.</List.Item>
        </List>
        <Paper withBorder p="md" w="fit-content" bg="white">
          <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        </Paper>
        <div>
          <Text size="sm" fw={500} mb={4} id="totp-secret-label">
            Secret key
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code
              data-testid="totp-secret"
              aria-labelledby="totp-secret-label"
              fz="sm"
              style={{ wordBreak: 'break-all' }}
            >
              {setup.secret}
            </Code>
            <CopyButton value={setup.secret} label="Copy secret" />
          </Group>
        </div>
        <OneTimeCodeInput
          value={form.values.code}
          onChange={(next) => form.setFieldValue('code', next)}
          disabled={verify.isPending}
          error={typeof codeError === 'string' ? codeError : undefined}
        />
        <Group>
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={verify.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SecurityTab() {
  const user = useCurrentUser();
  const setup = useSetup2fa();
  const [pending, setPending] = useState<Setup2faResponse['data'] | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (data) => setPending(data),
      onError: (error) => notifyError('Setup Failed', messageOf(error, 'Failed to initiate 2FA setup')),
    });

  let body;
  if (backupCodes) body = <BackupCodesPanel codes={backupCodes} />;
  else if (user.twoFactorEnabled) body = <EnabledPanel />;
  else if (pending)
    body = <SetupPanel setup={pending} onCancel={() => setPending(null)} onEnabled={setBackupCodes} />;
  else
    body = (
      <Stack gap="md" maw={560}>
        <Group gap="xs">
          <Text fw={600}>Two-factor authentication</Text>
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Add a second step to signing in: a 6-digit code from an authenticator app such as 1Password, Google
          Authenticator or Aegis.
        </Text>
        <Group>
          <Button onClick={start} loading={setup.isPending}>
            Set Up 2FA
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Two-Factor Authentication
      </Title>
      {body}
    </Stack>
  );
}
