/**
 * Sign-in, the auth check and the two-factor calls, each answer parsed with its schema from
 * @tunnelscope/contracts. The auth state itself lives in auth/AuthContext.tsx, which uses the
 * plain functions; the profile's two-factor screens use the mutation hooks.
 */
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_API,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  setup2faResponseSchema,
  verify2faResponseSchema,
  type AdminUser,
  type Disable2faRequest,
  type LoginRequest,
  type LoginResponse,
  type OkResponse,
  type Setup2faResponse,
  type Verify2faRequest,
  type Verify2faResponse,
} from '@tunnelscope/contracts';
import { adminCall, adminFetch, parseAnswer } from './client.js';

/**
 * The auth check on load. It is a background call: opening the panel must not count as activity
 * that keeps an idle session alive.
 */
export async function fetchCurrentUser(): Promise<AdminUser> {
  const answer = await adminCall(ADMIN_API.me.path, meResponseSchema, { background: true });
  return answer.data.user;
}

/**
 * Step 1 or step 2 of sign-in. A 401 answer is a normal result here: it carries either
 * `requires2FA` or the one refusal message, so it is returned, not thrown.
 */
export async function postLogin(credentials: LoginRequest): Promise<LoginResponse> {
  const body = await adminFetch(ADMIN_API.login.path, {
    method: 'POST',
    body: credentials,
    acceptStatuses: [401],
  });
  // A 401 without a JSON body (a proxy's answer) is a plain refusal; any other body must be a login answer.
  if (body === null) return { success: false };
  return parseAnswer(loginResponseSchema, body, `answer from ${ADMIN_API.login.path}`);
}

export async function postLogout(): Promise<void> {
  await adminCall(ADMIN_API.logout.path, okResponseSchema, { method: 'POST' });
}

/** POST /auth/setup-2fa: a QR code and the pending secret. */
export function useSetup2fa() {
  return useMutation<Setup2faResponse['data'], Error, void>({
    mutationFn: async () => {
      const answer = await adminCall(ADMIN_API.setup2fa.path, setup2faResponseSchema, { method: 'POST' });
      return answer.data;
    },
  });
}

/** POST /auth/verify-2fa-setup (profile settings): enables 2FA and answers the 10 backup codes. */
export function useVerify2faSetup() {
  return useMutation<Verify2faResponse['data'], Error, Verify2faRequest>({
    mutationFn: async (request) => {
      const answer = await adminCall(ADMIN_API.verify2faSetup.path, verify2faResponseSchema, {
        method: 'POST',
        body: request,
      });
      return answer.data;
    },
  });
}

/** POST /auth/disable-2fa with the current password (re-authentication, issue 13). */
export function useDisable2fa() {
  return useMutation<OkResponse, Error, Disable2faRequest>({
    mutationFn: (body) => adminCall(ADMIN_API.disable2fa.path, okResponseSchema, { method: 'POST', body }),
  });
}
