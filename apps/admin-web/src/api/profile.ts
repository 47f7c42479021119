/** The operator's own profile: POST /auth/update-profile, its answer parsed with the contracts' schema. */
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_API,
  updateProfileResponseSchema,
  type AdminUser,
  type UpdateProfileRequest,
} from '@tunnelscope/contracts';
import { adminCall } from './client.js';

export interface ProfileUpdateResult {
  message: string;
  user: AdminUser;
}

export function useUpdateProfile() {
  return useMutation<ProfileUpdateResult, Error, UpdateProfileRequest>({
    mutationFn: async (request) => {
      const answer = await adminCall(ADMIN_API.updateProfile.path, updateProfileResponseSchema, {
        method: 'POST',
        body: request,
      });
      return { message: answer.message, user: answer.data.user };
    },
  });
}
