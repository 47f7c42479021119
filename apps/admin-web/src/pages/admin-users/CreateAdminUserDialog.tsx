import { Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import {
  ADMIN_MESSAGES,
  createAdminUserRequestSchema,
  DEFAULT_ADMIN_ROLE,
  PASSWORD_SPECIALS,
  type AdminRole,
} from '@tunnelscope/contracts';
import type { FormEvent } from 'react';
import { useCreateAdminUser } from '../../api/admin-users.js';
import { AdminApiError, messageOf } from '../../api/client.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import { ROLE_OPTIONS } from './role-options.js';

interface CreateForm {
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}

const EMPTY: CreateForm = { username: '', email: '', password: '', role: DEFAULT_ADMIN_ROLE };

/**
 * The server answered (with or without its own text): 'Failed to create user'; it could not be
 * reached or answered nonsense: 'Failed to create admin user'. The spec names both.
 */
export function createFailureText(error: unknown): string {
  return error instanceof AdminApiError
    ? messageOf(error, 'Failed to create user')
    : messageOf(error, 'Failed to create admin user');
}

const firstError = (errors: FormErrors): string => {
  const first = Object.values(errors).find((message) => typeof message === 'string');
  return typeof first === 'string' ? first : ADMIN_MESSAGES.allFieldsRequired;
};

/**
 * Add Admin User (admins only). An empty field is refused first, with a toast only; then the
 * contracts' create schema checks every field, each message under its field and the first one in
 * a toast too.
 */
export function CreateAdminUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<CreateForm>({
    initialValues: EMPTY,
    validate: schemaResolver(createAdminUserRequestSchema, { sync: true }),
  });
  const create = useCreateAdminUser();

  function close() {
    if (create.isPending) return;
    form.reset();
    onClose();
  }

  const submitValid = form.onSubmit(
    async (values) => {
      try {
        await create.mutateAsync(createAdminUserRequestSchema.parse(values));
        notifySuccess('Success', 'Admin user created successfully');
        form.reset();
        onClose();
      } catch (error) {
        notifyError('Error', createFailureText(error));
      }
    },
    (errors) => notifyError('Validation Error', firstError(errors)),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    const { username, email, password } = form.getValues();
    if (!username.trim() || !email.trim() || !password) {
      event.preventDefault();
      notifyError('Validation Error', ADMIN_MESSAGES.allFieldsRequired);
      return;
    }
    submitValid(event);
  }

  return (
    <Modal opened={opened} onClose={close} title="Add Admin User" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="off" data-autofocus {...form.getInputProps('username')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description={`At least 10 characters with upper and lower case letters, a number and one of ${PASSWORD_SPECIALS}`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <NativeSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps('role')} />
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
