import { Button, Group, Modal, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { ADMIN_MESSAGES, type AdminRole, type AdminUser } from '@tunnelscope/contracts';
import { useState, type FormEvent } from 'react';
import { useUpdateAdminUser } from '../../api/admin-users.js';
import { messageOf } from '../../api/client.js';
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
 * Admin §2 "Edit": username, email, role and the active switch, sent as they are with
 * `PUT /admin-users/{id}` (admin §5: no client validation; the server's message is shown).
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

function EditForm({ user, isSelf, onClose }: { user: AdminUser; isSelf: boolean; onClose: () => void }) {
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<AdminRole>(user.role);
  const [isActive, setIsActive] = useState(user.isActive);
  const update = useUpdateAdminUser();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: user.id, username, email, role, isActive });
      notifySuccess('Success', 'Admin user updated successfully');
      onClose();
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to update admin user'));
    }
  }

  // DECISIONS.md: nobody can demote or deactivate themselves; the server refuses it too. One hint,
  // under the role, covers both (a Switch's description would become part of its name).
  const selfHint = isSelf ? ADMIN_MESSAGES.cannotChangeSelf : undefined;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          autoComplete="off"
        />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as AdminRole)}
          disabled={isSelf}
          description={selfHint}
        />
        <Switch
          label="Active"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
          disabled={isSelf}
        />
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
