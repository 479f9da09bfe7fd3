import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { appQueryOptions } from '../api/get-app';
import { draftOf, newDraft, setDraft, useDraft } from '../lib/app-draft';

/** The tile the dialog edits: from the `app` search parameter (edit-app) or a new one (create-app). */
export function useStartDraft(id: string): { ready: boolean; missing: boolean } {
  const appId = useSearch({ strict: false, select: (search) => (search as { app?: unknown }).app });
  const editId = id === 'edit-app' && typeof appId === 'number' ? appId : undefined;
  const app = useQuery({ ...appQueryOptions(editId ?? 0), enabled: editId !== undefined });
  const draft = useDraft();
  useEffect(() => {
    if (id === 'create-app' && draft?.key !== 'new') setDraft(newDraft());
    if (editId !== undefined && app.data && draft?.key !== editId) setDraft(draftOf(app.data));
  }, [id, editId, app.data, draft?.key]);
  if (id === 'create-app') return { ready: draft?.key === 'new', missing: false };
  if (editId === undefined || app.isError) return { ready: false, missing: true };
  return { ready: draft?.key === editId, missing: false };
}
