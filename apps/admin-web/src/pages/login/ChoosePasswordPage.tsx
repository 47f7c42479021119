/**
 * "Choose a new password" (issue 16): after an admin reset the password or created the account in
 * the Add Admin User dialog, the operator signs in as usual (2FA included) and then sees only this
 * screen until they have chosen their own. The server refuses every other admin call meanwhile
 * (403 `password_change_required`), so this is the only way on; Sign out is the other.
 */
import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { ADMIN_MESSAGES, passwordField, SAFETY_MESSAGES } from '@tunnelscope/contracts';
import { useEffect, useState } from 'react';
import { messageOf } from '../../api/client.js';
import { postChangePassword } from '../../api/operator-safety.js';
import { useAuth, useCurrentUser } from '../../auth/AuthContext.js';
import { runtimeConfig } from '../../runtime-config.js';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChoice(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.currentPassword) errors.currentPassword = ADMIN_MESSAGES.currentPasswordRequired;
  const policy = passwordField.safeParse(values.newPassword);
  if (!policy.success) errors.newPassword = policy.error.issues[0]?.message ?? ADMIN_MESSAGES.passwordPolicy;
  else if (values.newPassword === values.currentPassword) errors.newPassword = SAFETY_MESSAGES.samePassword;
  if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = ADMIN_MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function ChoosePasswordPage() {
  const user = useCurrentUser();
  const { updateUser, logout, dashboardMounted } = useAuth();
  // This screen is what a sign-in opens for this operator: the post-login reload check must see it.
  useEffect(() => dashboardMounted(), [dashboardMounted]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(`Choose a new password | ${runtimeConfig.brandName} Admin`);
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateChoice,
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setSaving(true);
    setError(null);
    try {
      // The answer's user no longer must change it: the dashboard replaces this screen.
      updateUser(await postChangePassword({ currentPassword, newPassword }));
    } catch (err) {
      setError(messageOf(err, 'Failed to change the password'));
      setSaving(false);
    }
  });

  return (
    <Box mih="100vh" p="md">
      <Center mih="calc(100vh - 2rem)">
        <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
          <form onSubmit={submit} noValidate aria-label="Choose a new password">
            <Stack gap="md">
              <Stack gap={4} align="center">
                <IconKey size={32} aria-hidden />
                <Title order={1} size="h3">
                  Choose a new password
                </Title>
                <Text size="sm" c="dimmed" ta="center">
                  {user.username}, your password was set by an administrator. Choose your own before you
                  continue; your other sessions will end.
                </Text>
              </Stack>
              {error && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} role="alert">
                  {error}
                </Alert>
              )}
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
                disabled={saving}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                {...form.getInputProps('newPassword')}
                disabled={saving}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
                disabled={saving}
              />
              <Button type="submit" fullWidth loading={saving}>
                Set new password
              </Button>
              <Button variant="subtle" fullWidth onClick={() => void logout()} disabled={saving}>
                Sign out
              </Button>
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
