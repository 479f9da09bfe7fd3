import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBg, LoginBgStrategy, Logo } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

export function loginBgQueryOptions() {
  return queryOptions({
    queryKey: ['branding', 'login-bg'],
    queryFn: ({ signal }) => apiRequest('/api/config/login-bg', { schema: trusted<LoginBg>(), signal }),
  });
}

export function logoQueryOptions() {
  return queryOptions({
    queryKey: ['branding', 'logo'],
    queryFn: ({ signal }) => apiRequest('/api/config/logo', { schema: trusted<Logo>(), signal }),
  });
}

function formWith(file: File | undefined): FormData | undefined {
  if (!file) return undefined;
  const form = new FormData();
  form.append('file', file);
  return form;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** POST /api/config/login-bg: a new image, a strategy, or removal; the login page reads the config keys again. */
export function useSaveLoginBg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      strategy,
      remove,
    }: {
      file?: File;
      strategy?: LoginBgStrategy;
      remove?: boolean;
    }) => {
      const formData = formWith(file);
      return apiRequest(`/api/config/login-bg${query({ strategy, remove: remove ? 'true' : undefined })}`, {
        method: 'POST',
        ...(formData ? { formData } : {}),
        schema: trusted<LoginBg>(),
        requiresLogin: true,
      });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(['branding', 'login-bg'], saved);
      await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}

/** POST /api/config/logo?show=: the product logo on or off, a replacement, or its removal. */
export function useSaveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, show, remove }: { file?: File; show?: boolean; remove?: boolean }) => {
      const formData = formWith(file);
      return apiRequest(
        `/api/config/logo${query({ show: show === undefined ? undefined : String(show), remove: remove ? 'true' : undefined })}`,
        { method: 'POST', ...(formData ? { formData } : {}), schema: trusted<Logo>(), requiresLogin: true },
      );
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(['branding', 'logo'], saved);
      await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
