/** The operator's own profile (admin §7 POST /auth/update-profile), typed by the contracts. */
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_API,
  updateProfileResponseSchema,
  type AdminUser,
  type UpdateProfileRequest,
} from '@tunnelscope/contracts';
import { adminFetch } from './client.js';

export interface ProfileUpdateResult {
  message: string;
  user: AdminUser;
}

export function useUpdateProfile() {
  return useMutation<ProfileUpdateResult, Error, UpdateProfileRequest>({
    mutationFn: async (request) => {
      const body = await adminFetch<unknown>(ADMIN_API.updateProfile.path, { method: 'POST', body: request });
      const parsed = updateProfileResponseSchema.parse(body);
      return { message: parsed.message, user: parsed.data.user };
    },
  });
}
