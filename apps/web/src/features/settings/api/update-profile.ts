import { MESSAGES, type ProfileResponse, type UpdateProfileRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** PATCH /api/profile: renames the firm (attorneys only; others get 403). */
export const updateProfile = (body: UpdateProfileRequest) => api.patch<ProfileResponse>('/api/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      toast.success(MESSAGES.profileSaved);
    },
  });
}
