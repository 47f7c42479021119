/**
 * Admin accounts: create, edit, reset password, unlock, reset 2FA, delete. The list itself is the generic data table
 * over `GET /data/admin-users`; each change here reloads every table over that list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  adminUserActionResponseSchema,
  adminUserResponseSchema,
  okResponseSchema,
  type AdminUser,
  type CreateAdminUserRequest,
  type UpdateAdminUserRequest,
} from '@tunnelscope/contracts';
import { adminCall } from './client.js';
import { deleteListRow, listKeys } from './list.js';

export const ADMIN_USERS_LIST_PATH = ADMIN_API.listAdminUsers.path;

const userPath = (id: string) => `${ADMIN_API.adminUser.path}/${encodeURIComponent(id)}`;

export async function createAdminUser(body: CreateAdminUserRequest): Promise<AdminUser> {
  const answer = await adminCall(ADMIN_API.createAdminUser.path, adminUserResponseSchema, {
    method: 'POST',
    body,
  });
  return answer.data.user;
}

export async function updateAdminUser(id: string, body: UpdateAdminUserRequest): Promise<AdminUser> {
  const answer = await adminCall(userPath(id), adminUserResponseSchema, { method: 'PUT', body });
  return answer.data.user;
}

/** The server mails a generated password to the user and ends their sessions. */
export async function resetAdminUserPassword(id: string): Promise<string | undefined> {
  const answer = await adminCall(`${userPath(id)}/reset-password`, okResponseSchema, { method: 'POST' });
  return answer.message;
}

/** `POST /admin-users/{id}/unlock` or `…/reset-2fa`: the account as it is afterwards. */
async function accountAction(
  call: { path: string },
  id: string,
): Promise<{ user: AdminUser; message: string | undefined }> {
  const answer = await adminCall(
    call.path.replace('{id}', encodeURIComponent(id)),
    adminUserActionResponseSchema,
    {
      method: 'POST',
    },
  );
  return { user: answer.data.user, message: answer.message };
}

/** Ends a lockout by failed sign-ins (the failure count starts again). */
export const unlockAdminUser = (id: string) => accountAction(ADMIN_API.unlockAdminUser, id);

/** Turns 2FA off for an operator who lost the device; they set it up again after signing in. */
export const resetAdminUser2fa = (id: string) => accountAction(ADMIN_API.resetAdminUser2fa, id);

export async function deleteAdminUser(id: string): Promise<void> {
  await deleteListRow(ADMIN_API.adminUser.path, id);
}

/**
 * After any change: reload the admin-users tables. Not awaited, so a table that reloads after its
 * own delete joins this request instead of sending a second one.
 */
function useReloadAdminUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(ADMIN_USERS_LIST_PATH) });
  };
}

export function useCreateAdminUser() {
  const reload = useReloadAdminUsers();
  return useMutation({ mutationFn: createAdminUser, onSuccess: reload });
}

export function useUpdateAdminUser() {
  const reload = useReloadAdminUsers();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminUserRequest & { id: string }) => updateAdminUser(id, body),
    onSuccess: reload,
  });
}

export function useResetAdminUserPassword() {
  const reload = useReloadAdminUsers();
  return useMutation({ mutationFn: resetAdminUserPassword, onSuccess: reload });
}

export function useUnlockAdminUser() {
  const reload = useReloadAdminUsers();
  return useMutation({ mutationFn: unlockAdminUser, onSuccess: reload });
}

export function useResetAdminUser2fa() {
  const reload = useReloadAdminUsers();
  return useMutation({ mutationFn: resetAdminUser2fa, onSuccess: reload });
}

export function useDeleteAdminUser() {
  const reload = useReloadAdminUsers();
  return useMutation({ mutationFn: deleteAdminUser, onSuccess: reload });
}
