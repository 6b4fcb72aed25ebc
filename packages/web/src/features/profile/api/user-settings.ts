import { UserProfile, type UserSettingsRequest } from '@automate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client.ts';

const profileKey = (userId: string) => ['profile', 'user', userId] as const;

/** `GET /api/User/{id}`: the signed-in user's profile, with their settings. */
export function useUserProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => apiGet(`/User/${encodeURIComponent(userId)}`, UserProfile, { signal }),
  });
}

/** `POST /api/User/settings`: changes the signed-in user's own settings. */
export function useChangeUserSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettingsRequest) => apiPost('/User/settings', UserProfile, { body: settings }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(userId), profile),
  });
}
