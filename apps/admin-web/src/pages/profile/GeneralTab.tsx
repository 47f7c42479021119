/**
 * Profile Settings, General tab: username, e-mail and a password change. Only changed fields are
 * sent, and an e-mail or password change with the current password; a username or e-mail change reloads the page 1.5 s after success, so the header and every
 * open view show the new identity.
 */
import { Button, Divider, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../api/client.js';
import { useUpdateProfile } from '../../api/profile.js';
import { wrongCurrentPasswordMessage } from '../../api/reauth.js';
import { useAuth, useCurrentUser } from '../../auth/AuthContext.js';
import { reloadPage } from '../../auth/page-reload.js';
import { notifyError, notifyInfo, notifySuccess } from '../../components/notify.js';
import { planProfileUpdate, profileFormFor, type ProfileForm } from './profile-update.js';

export function GeneralTab() {
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    initialValues: profileFormFor(user),
    // The field rules and messages of planProfileUpdate; "nothing changed" is not a field's error.
    validate: (values) => {
      const plan = planProfileUpdate(user, values);
      return plan.ok ? {} : plan.errors;
    },
  });
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const field = (name: keyof ProfileForm) => ({ ...form.getInputProps(name), disabled: update.isPending });

  const handleSubmit = form.onSubmit((values) => {
    const plan = planProfileUpdate(user, values);
    if (!plan.ok) {
      if (plan.message) notifyInfo(plan.message);
      return;
    }
    update.mutate(plan.request, {
      onSuccess: (result) => {
        notifySuccess('Profile Updated', result.message);
        updateUser(result.user);
        form.setInitialValues(profileFormFor(result.user));
        form.setValues(profileFormFor(result.user));
        if (plan.identityChanged) {
          reloadTimer.current = setTimeout(reloadPage, ADMIN_TIMINGS.profileReloadMs);
        }
      },
      onError: (error) => {
        // A wrong current password (403, the session goes on) belongs at its field.
        const wrong = wrongCurrentPasswordMessage(error);
        if (wrong) form.setFieldError('currentPassword', wrong);
        else notifyError('Update Failed', messageOf(error, 'Failed to update profile'));
      },
    });
  });

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
          description="Needed to change your email or password"
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
