/**
 * Profile Settings, General tab (admin §2, §5, §8, §9): username, e-mail and a password change.
 * Only changed fields are sent; a username or e-mail change reloads the page 1.5 s after success
 * (the header and every open view then show the new identity).
 */
import { Button, Divider, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/client.js';
import { useUpdateProfile } from '../../api/profile.js';
import { useAuth, useCurrentUser } from '../../auth/AuthContext.js';
import { reloadPage } from '../../auth/page-reload.js';
import { notifyError, notifyInfo, notifySuccess } from '../../components/notify.js';
import { planProfileUpdate, profileFormFor, type ProfileField, type ProfileForm } from './profile-update.js';

export function GeneralTab() {
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  const update = useUpdateProfile();
  const [form, setForm] = useState<ProfileForm>(() => profileFormFor(user));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const field = (name: ProfileField) => ({
    value: form[name],
    error: errors[name],
    disabled: update.isPending,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const plan = planProfileUpdate(user, form);
    if (!plan.ok) {
      setErrors(plan.errors);
      if (plan.message) notifyInfo(plan.message);
      return;
    }
    setErrors({});
    update.mutate(plan.request, {
      onSuccess: (result) => {
        notifySuccess('Profile Updated', result.message);
        updateUser(result.user);
        setForm(profileFormFor(result.user));
        if (plan.identityChanged) {
          reloadTimer.current = setTimeout(reloadPage, ADMIN_TIMINGS.profileReloadMs);
        }
      },
      onError: (error) => notifyError('Update Failed', messageOf(error, 'Failed to update profile')),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="General settings">
      <Stack gap="md" maw={520}>
        <Title order={3} size="h4">
          Account
        </Title>
        <TextInput label="Username" autoComplete="username" {...field('username')} />
        <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />

        <Divider my="xs" />
        <Title order={3} size="h4">
          Change Password
        </Title>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          description="At least 10 characters with an upper case letter, a lower case letter, a digit and one of @$!%*?&"
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />

        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
