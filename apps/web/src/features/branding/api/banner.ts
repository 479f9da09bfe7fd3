import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner, BannerInput } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** GET /api/config/banner: public, so the home page shows it to visitors too. */
export function bannerQueryOptions() {
  return queryOptions({
    queryKey: ['branding', 'banner'],
    queryFn: ({ signal }) => apiRequest('/api/config/banner', { schema: trusted<Banner>(), signal }),
    staleTime: 60_000,
  });
}

/** POST /api/config/banner (admins) */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: BannerInput) =>
      apiRequest('/api/config/banner', {
        method: 'POST',
        body: banner,
        schema: trusted<Banner>(),
        requiresLogin: true,
      }),
    onSuccess: (saved) => queryClient.setQueryData(['branding', 'banner'], saved),
  });
}
