/**
 * Turning 2FA off re-authenticates (issue 13): the dialog asks for the current password and sends
 * it. A wrong one (403 `invalid_current_password`) is shown at the field and the dialog stays; any
 * other failure is the 'Disable Failed' toast.
 */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { disable2faRequestSchema, type Disable2faRequest } from '@tunnelscope/contracts';
import { useDisable2fa } from '../../api/auth.js';
import { messageOf } from '../../api/client.js';
import { wrongCurrentPasswordMessage } from '../../api/reauth.js';
import { reloadPage } from '../../auth/page-reload.js';
import { notifyError } from '../../components/notify.js';

export function Disable2faDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Disable 2FA" centered>
      {opened && <Disable2faForm onClose={onClose} />}
    </Modal>
  );
}

function Disable2faForm({ onClose }: { onClose: () => void }) {
  const disable = useDisable2fa();
  const form = useForm<Disable2faRequest>({
    initialValues: { currentPassword: '' },
    validate: (values) => {
      const parsed = disable2faRequestSchema.safeParse(values);
      return parsed.success ? {} : { currentPassword: parsed.error.issues[0]?.message };
    },
  });

  const submit = form.onSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => reloadPage(),
      onError: (error) => {
        const wrong = wrongCurrentPasswordMessage(error);
        if (wrong) form.setFieldError('currentPassword', wrong);
        else notifyError('Disable Failed', messageOf(error, 'Failed to disable 2FA'));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Signing in will then need only your username and password. Your backup codes stop working too.
        </Text>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          data-autofocus
          disabled={disable.isPending}
          {...form.getInputProps('currentPassword')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={disable.isPending}>
            Disable 2FA
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
