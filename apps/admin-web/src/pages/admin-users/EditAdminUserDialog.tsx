import { Button, Group, Modal, NativeSelect, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ADMIN_MESSAGES,
  type AdminRole,
  type AdminUser,
  type UpdateAdminUserRequest,
} from '@tunnelscope/contracts';
import { useUpdateAdminUser } from '../../api/admin-users.js';
import { messageOf } from '../../api/client.js';
import { wrongCurrentPasswordMessage } from '../../api/reauth.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import { ROLE_OPTIONS } from './role-options.js';

interface EditAdminUserDialogProps {
  opened: boolean;
  /** The account being edited (kept while the dialog fades out). */
  user: AdminUser | null;
  /** Changes at every opening, so the fields start from the account's values each time. */
  formKey: number;
  currentUser: AdminUser;
  onClose: () => void;
}

/**
 * Edit Admin User: username, email, role and the active switch, sent as they are with
 * `PUT /admin-users/{id}`. The spec checks nothing here on the client; the server's message is shown.
 * Editing one's own row asks for the current password too, which a new e-mail needs (issue 13's
 * re-authentication); a wrong one (403) is shown at its field.
 */
export function EditAdminUserDialog({
  opened,
  user,
  formKey,
  currentUser,
  onClose,
}: EditAdminUserDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Admin User" centered>
      {user && <EditForm key={formKey} user={user} isSelf={user.id === currentUser.id} onClose={onClose} />}
    </Modal>
  );
}

interface EditValues extends Required<Pick<UpdateAdminUserRequest, 'username' | 'email' | 'isActive'>> {
  role: AdminRole;
  /** Own row only: sent when typed; the server needs it for an own e-mail change. */
  currentPassword: string;
}

function EditForm({ user, isSelf, onClose }: { user: AdminUser; isSelf: boolean; onClose: () => void }) {
  const form = useForm<EditValues>({
    initialValues: {
      username: user.username,
      email: user.email,
      role: user.role,
      isActive: user.isActive,
      currentPassword: '',
    },
    validate: {
      currentPassword: (value, values) =>
        isSelf && values.email.trim() !== user.email && value === ''
          ? ADMIN_MESSAGES.currentPasswordConfirm
          : null,
    },
  });
  const update = useUpdateAdminUser();

  const submit = form.onSubmit(async ({ currentPassword, ...values }) => {
    try {
      await update.mutateAsync({
        id: user.id,
        ...values,
        ...(isSelf && currentPassword !== '' ? { currentPassword } : {}),
      });
      notifySuccess('Success', 'Admin user updated successfully');
      onClose();
    } catch (error) {
      const wrong = wrongCurrentPasswordMessage(error);
      if (wrong) form.setFieldError('currentPassword', wrong);
      else notifyError('Error', messageOf(error, 'Failed to update admin user'));
    }
  });

  // Nobody can demote or deactivate themselves, and the server refuses it too. One hint, under
  // the role, covers both (a Switch's description would become part of its name).
  const selfHint = isSelf ? ADMIN_MESSAGES.cannotChangeSelf : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username" autoComplete="off" data-autofocus {...form.getInputProps('username')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          disabled={isSelf}
          description={selfHint}
          {...form.getInputProps('role')}
        />
        <Switch label="Active" disabled={isSelf} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {isSelf && (
          <PasswordInput
            label="Current Password"
            description="Needed to change your own email"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
