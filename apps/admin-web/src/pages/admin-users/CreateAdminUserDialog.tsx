import { Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  ADMIN_MESSAGES,
  createAdminUserRequestSchema,
  DEFAULT_ADMIN_ROLE,
  PASSWORD_SPECIALS,
  type AdminRole,
} from '@tunnelscope/contracts';
import { useState, type FormEvent } from 'react';
import { useCreateAdminUser } from '../../api/admin-users.js';
import { AdminApiError, messageOf } from '../../api/client.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import { ROLE_OPTIONS } from './role-options.js';

interface Form {
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}
type Field = keyof Form;

const EMPTY: Form = { username: '', email: '', password: '', role: DEFAULT_ADMIN_ROLE };

/**
 * The server answered (with or without its own text): 'Failed to create user'; it could not be
 * reached or answered nonsense: 'Failed to create admin user' (admin §8 names both).
 */
export function createFailureText(error: unknown): string {
  return error instanceof AdminApiError
    ? messageOf(error, 'Failed to create user')
    : messageOf(error, 'Failed to create admin user');
}

/** Admin §2 "Add Admin User" (admin only) with the client checks of admin §5. */
export function CreateAdminUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateAdminUser();

  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function close() {
    if (create.isPending) return;
    setForm(EMPTY);
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.username.trim() || !form.email.trim() || !form.password) {
      notifyError('Validation Error', ADMIN_MESSAGES.allFieldsRequired);
      return;
    }
    const parsed = createAdminUserRequestSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      notifyError('Validation Error', parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.allFieldsRequired);
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      notifySuccess('Success', 'Admin user created successfully');
      setForm(EMPTY);
      setErrors({});
      onClose();
    } catch (error) {
      notifyError('Error', createFailureText(error));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add Admin User" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Username"
            value={form.username}
            onChange={(event) => set('username')(event.currentTarget.value)}
            error={errors.username}
            autoComplete="off"
            data-autofocus
          />
          <TextInput
            label="Email"
            type="email"
            value={form.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={errors.email}
            autoComplete="off"
          />
          <PasswordInput
            label="Password"
            description={`At least 10 characters with upper and lower case letters, a number and one of ${PASSWORD_SPECIALS}`}
            value={form.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
          />
          <NativeSelect
            label="Role"
            data={ROLE_OPTIONS}
            value={form.role}
            onChange={(event) => set('role')(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
