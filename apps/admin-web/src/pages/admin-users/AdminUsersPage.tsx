/**
 * Admin Users: the data table over `GET /data/admin-users` with role and status filters, the Add
 * and Edit dialogs, reset password and delete. Only an admin sees Add and Delete; edit and reset
 * are disabled with a 'View only' hint for view_only (the server refuses those calls from view_only
 * anyway). The Status column shows a lockout by failed sign-ins ('Locked until …'); an admin can
 * Unlock the account, or Reset 2FA for an operator who lost the device (issue 13), each after a
 * confirmation; the server audits both.
 */
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { adminUserSchema, type AdminUser } from '@tunnelscope/contracts';
import { useMemo, useState } from 'react';
import {
  ADMIN_USERS_LIST_PATH,
  useDeleteAdminUser,
  useResetAdminUser2fa,
  useResetAdminUserPassword,
  useUnlockAdminUser,
} from '../../api/admin-users.js';
import { messageOf } from '../../api/client.js';
import { useEndAdminUserSessions } from '../../api/operator-safety.js';
import { ConfirmDialog, DataTable } from '../../components/data-table/index.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import { ADMIN_USER_FILTERS, adminUserColumns } from './admin-user-columns.js';
import { CreateAdminUserDialog } from './CreateAdminUserDialog.js';
import { EditAdminUserDialog } from './EditAdminUserDialog.js';

/** The confirmations of the account actions that are one click away in the Actions column. */
const ACCOUNT_ACTION_TEXT = {
  unlock: {
    title: 'Unlock Account',
    confirm: 'Unlock',
    color: 'teal',
    failure: 'Failed to unlock the account',
    message: (user: AdminUser) =>
      `Unlock "${user.username}"? The lockout ends now and the failed sign-in count starts again.`,
  },
  reset2fa: {
    title: 'Reset 2FA',
    confirm: 'Reset 2FA',
    color: 'orange',
    failure: 'Failed to reset 2FA',
    message: (user: AdminUser) =>
      `Reset two-factor authentication of "${user.username}"? Signing in will need only the password until they set 2FA up again; their backup codes stop working.`,
  },
  endSessions: {
    title: 'End All Sessions',
    confirm: 'End all sessions',
    color: 'red',
    failure: 'Failed to end the sessions',
    message: (user: AdminUser, me: AdminUser) =>
      user.id === me.id
        ? 'End all your other sessions? Every other browser where you are signed in is signed out at once; this one stays.'
        : `End all sessions of "${user.username}"? Every browser where they are signed in is signed out at once.`,
  },
} as const;

/** 'alice was signed out of 2 sessions', or that none were active. */
export function endedSessionsMessage(user: AdminUser, ended: number): string {
  if (ended === 0) return `${user.username} had no other active sessions.`;
  return `${user.username} was signed out of ${ended} ${ended === 1 ? 'session' : 'sessions'}.`;
}

export function AdminUsersPage({ currentUser }: { currentUser: AdminUser }) {
  const isAdmin = currentUser.role === 'admin';
  const [creating, setCreating] = useState(false);
  // The account stays after a dialog closes, so its text does not vanish while it fades out.
  const [editing, setEditing] = useState<{ user: AdminUser; open: boolean; seq: number } | null>(null);
  const [resetting, setResetting] = useState<{ user: AdminUser; open: boolean } | null>(null);
  const resetPassword = useResetAdminUserPassword();
  const deleteUser = useDeleteAdminUser();
  const [accountAction, setAccountAction] = useState<{
    kind: 'unlock' | 'reset2fa' | 'endSessions';
    user: AdminUser;
    open: boolean;
  } | null>(null);
  const unlock = useUnlockAdminUser();
  const reset2fa = useResetAdminUser2fa();
  const endSessions = useEndAdminUserSessions();

  const columns = useMemo(
    () =>
      adminUserColumns({
        currentUser,
        onEdit: (user) => {
          if (isAdmin) setEditing((current) => ({ user, open: true, seq: (current?.seq ?? 0) + 1 }));
        },
        onResetPassword: (user) => {
          if (isAdmin) setResetting({ user, open: true });
        },
        onUnlock: (user) => {
          if (isAdmin) setAccountAction({ kind: 'unlock', user, open: true });
        },
        onReset2fa: (user) => {
          if (isAdmin) setAccountAction({ kind: 'reset2fa', user, open: true });
        },
        onEndSessions: (user) => {
          if (isAdmin) setAccountAction({ kind: 'endSessions', user, open: true });
        },
      }),
    [currentUser, isAdmin],
  );

  async function confirmReset() {
    if (!resetting?.open) return;
    const { user } = resetting;
    try {
      await resetPassword.mutateAsync(user.id);
      notifySuccess('Password Reset Sent', `A new password has been sent to ${user.email}.`);
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to reset password'));
    } finally {
      setResetting({ user, open: false });
    }
  }

  async function confirmAccountAction() {
    if (!accountAction?.open) return;
    const { kind, user } = accountAction;
    try {
      if (kind === 'unlock') {
        const done = await unlock.mutateAsync(user.id);
        notifySuccess('Account Unlocked', done.message ?? `${user.username} can sign in again.`);
      } else if (kind === 'endSessions') {
        const ended = await endSessions.mutateAsync(user.id);
        notifySuccess('Sessions Ended', endedSessionsMessage(user, ended));
      } else {
        const done = await reset2fa.mutateAsync(user.id);
        notifySuccess('2FA Reset', done.message ?? `${user.username} signs in with the password only now.`);
      }
    } catch (error) {
      notifyError('Error', messageOf(error, ACCOUNT_ACTION_TEXT[kind].failure));
    } finally {
      setAccountAction({ kind, user, open: false });
    }
  }

  return (
    <>
      <DataTable<AdminUser>
        title="Admin Users"
        description="Administrator accounts of the back-office: roles, status and two-factor authentication."
        endpoint={ADMIN_USERS_LIST_PATH}
        dataKey="entries"
        rowSchema={adminUserSchema}
        columns={columns}
        rowKey="id"
        searchPlaceholder="Search by username or email..."
        filters={ADMIN_USER_FILTERS}
        defaultSort="createdAt"
        toolbarExtra={
          isAdmin && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
              Add Admin User
            </Button>
          )
        }
        canDelete={isAdmin}
        deleteDenied="hide"
        onDelete={(user) => deleteUser.mutateAsync(user.id)}
        onDeleted={() => notifySuccess('Success', 'Admin user deleted successfully')}
        deleteConfirmTitle="Delete Admin User"
        deleteConfirmMessage={(user) =>
          `Are you sure you want to delete the admin user "${user.username}"? This action cannot be undone.`
        }
        deleteErrorTitle="Error"
        deleteErrorMessage={(error) => messageOf(error, 'Failed to delete admin user')}
      />

      {isAdmin && <CreateAdminUserDialog opened={creating} onClose={() => setCreating(false)} />}
      <EditAdminUserDialog
        opened={editing?.open ?? false}
        user={editing?.user ?? null}
        formKey={editing?.seq ?? 0}
        currentUser={currentUser}
        onClose={() => setEditing((current) => current && { ...current, open: false })}
      />
      <ConfirmDialog
        opened={resetting?.open ?? false}
        title="Reset Password"
        message={
          resetting &&
          `Reset the password of "${resetting.user.username}"? A new password will be generated and sent to ${resetting.user.email}, and their active sessions will end.`
        }
        confirmLabel="Reset Password"
        confirmColor="orange"
        loading={resetPassword.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting((current) => current && { ...current, open: false })}
      />
      <ConfirmDialog
        opened={accountAction?.open ?? false}
        title={ACCOUNT_ACTION_TEXT[accountAction?.kind ?? 'unlock'].title}
        message={
          accountAction && ACCOUNT_ACTION_TEXT[accountAction.kind].message(accountAction.user, currentUser)
        }
        confirmLabel={ACCOUNT_ACTION_TEXT[accountAction?.kind ?? 'unlock'].confirm}
        confirmColor={ACCOUNT_ACTION_TEXT[accountAction?.kind ?? 'unlock'].color}
        loading={unlock.isPending || reset2fa.isPending || endSessions.isPending}
        onConfirm={() => void confirmAccountAction()}
        onCancel={() => setAccountAction((current) => current && { ...current, open: false })}
      />
    </>
  );
}
