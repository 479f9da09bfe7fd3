import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  TileSchema,
  SaveAppResponseSchema,
  tileInputToForm,
  translationBody,
  type TileInput,
  type TitleTranslation,
} from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export interface SaveAppRequest {
  /** undefined creates a new tile (spec 3.1: id -1). */
  id?: number;
  input: TileInput;
  icon?: File | null;
  file?: File | null;
  titleTranslation: TitleTranslation;
}

/** POST /api/apps or PUT /api/apps/{id} (multipart, one field per entity field, files icon and file). */
export function saveApp({ id, input, icon, file }: SaveAppRequest) {
  const form = new FormData();
  for (const [name, value] of tileInputToForm(input)) form.append(name, value);
  if (icon) form.append('icon', icon);
  if (file) form.append('file', file);
  return apiRequest(id === undefined ? '/api/apps' : `/api/apps/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    formData: form,
    schema: SaveAppResponseSchema,
    requiresLogin: true,
  });
}

/** POST /api/apps/{id}/translation: only non-empty entries are sent (spec 7.2). */
export function saveTranslation(id: number, titles: TitleTranslation) {
  return apiRequest(`/api/apps/${id}/translation`, {
    method: 'POST',
    body: translationBody(id, titles),
    schema: TileSchema,
    requiresLogin: true,
  });
}

/**
 * Saves the tile, then its title translations. A failed translation keeps the saved tile and reports
 * "App Titel wurde nicht übersetzt" (spec 8) instead of losing it.
 */
export function useSaveApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SaveAppRequest) => {
      const saved = await saveApp(request);
      let translationError: unknown;
      try {
        await saveTranslation(saved.bubble.id, request.titleTranslation);
      } catch (error) {
        translationError = error;
      }
      return { ...saved, translationError };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['layout'] }),
  });
}

/** DELETE /api/apps/{id} */
export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/apps/${id}`, { method: 'DELETE', schema: z.unknown(), requiresLogin: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['layout'] }),
  });
}
