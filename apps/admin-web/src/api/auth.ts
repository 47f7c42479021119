/**
 * Sign-in, the auth check and two-factor calls (admin §7 "Authentication"), typed and parsed with
 * the contracts' schemas. The auth state itself lives in auth/AuthContext.tsx, which uses the
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
  type LoginRequest,
  type LoginResponse,
  type OkResponse,
  type Setup2faResponse,
  type Verify2faRequest,
  type Verify2faResponse,
} from '@tunnelscope/contracts';
import { adminFetch } from './client.js';

/**
 * The auth check on load. It is a background call (DECISIONS.md): opening the panel must not
 * count as activity that keeps an idle session alive.
 */
export async function fetchCurrentUser(): Promise<AdminUser> {
  const body = await adminFetch<unknown>(ADMIN_API.me.path, { background: true });
  return meResponseSchema.parse(body).data.user;
}

/**
 * Step 1 or step 2 of sign-in. A 401 answer is a normal result here (admin §7): it carries either
 * `requires2FA` or the one refusal message, so it is returned, not thrown.
 */
export async function postLogin(credentials: LoginRequest): Promise<LoginResponse> {
  const body = await adminFetch<unknown>(ADMIN_API.login.path, {
    method: 'POST',
    body: credentials,
    acceptStatuses: [401],
  });
  const parsed = loginResponseSchema.safeParse(body);
  // A 401 without a JSON body (a proxy's answer) is a plain refusal.
  return parsed.success ? parsed.data : { success: false };
}

export async function postLogout(): Promise<void> {
  await adminFetch<unknown>(ADMIN_API.logout.path, { method: 'POST' });
}

/** POST /auth/setup-2fa: a QR code and the pending secret. */
export function useSetup2fa() {
  return useMutation<Setup2faResponse['data'], Error, void>({
    mutationFn: async () => {
      const body = await adminFetch<unknown>(ADMIN_API.setup2fa.path, { method: 'POST' });
      return setup2faResponseSchema.parse(body).data;
    },
  });
}

/** POST /auth/verify-2fa-setup (profile settings): enables 2FA and answers the 10 backup codes. */
export function useVerify2faSetup() {
  return useMutation<Verify2faResponse['data'], Error, Verify2faRequest>({
    mutationFn: async (request) => {
      const body = await adminFetch<unknown>(ADMIN_API.verify2faSetup.path, {
        method: 'POST',
        body: request,
      });
      return verify2faResponseSchema.parse(body).data;
    },
  });
}

/**
 * POST /auth/verify-2fa. Admin §7: on success the auth check runs again, so the caller passes the
 * auth context's `checkAuth` as `onVerified`.
 */
export function useVerify2fa(onVerified?: () => unknown) {
  return useMutation<OkResponse, Error, Verify2faRequest>({
    mutationFn: async (request) => {
      const body = await adminFetch<unknown>(ADMIN_API.verify2fa.path, { method: 'POST', body: request });
      return okResponseSchema.parse(body);
    },
    onSuccess: async () => {
      await onVerified?.();
    },
  });
}

/** POST /auth/disable-2fa. */
export function useDisable2fa() {
  return useMutation<unknown, Error, void>({
    mutationFn: () => adminFetch<unknown>(ADMIN_API.disable2fa.path, { method: 'POST' }),
  });
}
