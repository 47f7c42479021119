/**
 * Operator safety (issue 16, item 8): the session's own view (idle warning), "Stay signed in",
 * the forced new password, "End all sessions" and backup codes. Every answer is parsed with its
 * contracts schema.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  backupCodesStatusResponseSchema,
  changePasswordResponseSchema,
  endSessionsResponseSchema,
  meResponseSchema,
  verify2faResponseSchema,
  type AdminUser,
  type BackupCodesStatus,
  type ChangePasswordRequest,
  type SessionView,
} from '@tunnelscope/contracts';
import { adminCall } from './client.js';
import { sessionKeys } from './sessions.js';

export interface SessionSnapshot {
  user: AdminUser;
  /** Absent from a server that predates issue 16: then nothing is shown. */
  session: SessionView | undefined;
}

/**
 * The session as the server sees it now. `touch: false` is a background call (it does not move
 * `lastActivity`: watching the clock must not keep a session alive); `touch: true` is "Stay signed
 * in", the one call that counts as activity.
 */
export async function fetchSessionSnapshot(touch: boolean): Promise<SessionSnapshot> {
  const answer = await adminCall(ADMIN_API.me.path, meResponseSchema, { background: !touch });
  return { user: answer.data.user, session: answer.data.session };
}

export async function postChangePassword(body: ChangePasswordRequest): Promise<AdminUser> {
  const answer = await adminCall(ADMIN_API.changePassword.path, changePasswordResponseSchema, {
    method: 'POST',
    body,
  });
  return answer.data.user;
}

/** "End all my other sessions": answers how many ended. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await adminCall(ADMIN_API.endOtherSessions.path, endSessionsResponseSchema, { method: 'POST' })).data
        .ended,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** "End all sessions" of an operator (admin role): answers how many ended. */
export function useEndAdminUserSessions() {
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await adminCall(
          ADMIN_API.endAdminUserSessions.path.replace('{id}', encodeURIComponent(id)),
          endSessionsResponseSchema,
          { method: 'POST' },
        )
      ).data.ended,
  });
}

export const BACKUP_CODES_QUERY_KEY = ['backup-codes'] as const;

export function useBackupCodesStatus() {
  return useQuery<BackupCodesStatus>({
    queryKey: BACKUP_CODES_QUERY_KEY,
    queryFn: async () => (await adminCall(ADMIN_API.backupCodes.path, backupCodesStatusResponseSchema)).data,
  });
}

/** Fresh backup codes for the current authenticator code; shown once. */
export function useRegenerateBackupCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (totpCode: string) =>
      (
        await adminCall(ADMIN_API.regenerateBackupCodes.path, verify2faResponseSchema, {
          method: 'POST',
          body: { totpCode },
        })
      ).data.backupCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: BACKUP_CODES_QUERY_KEY }),
  });
}
