import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_DOWNLOAD_BYTES,
  MAX_ICON_BYTES,
  mayEditTile,
  validateTileInput,
  type TileIssue,
  type EmbedCheck,
} from '@aula/contracts';
import { ApiError } from '@/lib/api-client';
import { useConfirm } from '@/lib/confirm';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useDeleteApp, useSaveApp } from '../api/save-app';
import { draftOf, setDraft, updateDraft, updateDraftInput, type AppDraft } from '../lib/app-draft';

/** Server issues (400 with issues) by field, so they show where the user can fix them. */
function serverIssues(error: unknown): TileIssue[] {
  if (!(error instanceof ApiError)) return [];
  return (error.errorBody?.issues ?? [])
    .filter((issue) => issue.code.startsWith('apps.'))
    .map((issue) => ({
      path: issue.path.split('.').at(-1) as TileIssue['path'],
      code: issue.code as TileIssue['code'],
    }));
}

/**
 * The tile form's state and actions: spec 5's checks (live once submitted, the server's by field), choosing an
 * icon or file, saving (and the embed suggestion after), switching to a new tab, deleting.
 */
export function useAppForm(draft: AppDraft, formId: string, close: () => void) {
  const { t } = useTranslation();
  const self = useSelf();
  const confirm = useConfirm();
  const save = useSaveApp();
  const remove = useDeleteApp();
  const [submitted, setSubmitted] = useState(false);
  const [suggestion, setSuggestion] = useState<EmbedCheck | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { input } = draft;
  const isNew = draft.key === 'new';

  const issues = useMemo(
    () => [
      ...validateTileInput(input, { hasFile: draft.hasFile || draft.file !== null }),
      ...(save.error ? serverIssues(save.error) : []),
    ],
    [input, draft.hasFile, draft.file, save.error],
  );
  const shown = submitted ? issues : [];
  const issuesOf = (path: TileIssue['path']) => shown.filter((issue) => issue.path === path);
  const invalid = (path: TileIssue['path']) => (issuesOf(path).length > 0 ? true : undefined);
  const errorId = (path: string) => `${formId}-${path}-error`;

  const pickFile = (kind: 'icon' | 'file', file: File | null) => {
    setUploadError(null);
    const max = kind === 'icon' ? MAX_ICON_BYTES : MAX_DOWNLOAD_BYTES;
    if (file && file.size > max) {
      // The server checks again by magic number; this only saves a pointless upload.
      setUploadError(t('errors.upload.too_large', { max: max / 1024 / 1024 }));
      return;
    }
    updateDraft((current) =>
      kind === 'icon'
        ? { ...current, icon: file, input: { ...current.input, removeIcon: false } }
        : { ...current, file },
    );
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const clientIssues = validateTileInput(input, { hasFile: draft.hasFile || draft.file !== null });
    if (clientIssues.length > 0) {
      document.getElementById(`${formId}-${clientIssues[0]!.path}`)?.focus();
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: isNew ? undefined : (draft.key as number),
        input,
        icon: draft.icon,
        file: draft.file,
        titleTranslation: draft.titleTranslation,
      });
      // From now on the dialog edits the saved tile, so a retry never creates a second one.
      setDraft({
        ...draftOf(result.bubble),
        titleTranslation: draft.titleTranslation,
        input: { ...input, url: result.bubble.url },
      });
      if (result.translationError) {
        notify({ type: 'error', title: t('errors.apps.translation_failed') });
        return;
      }
      if (input.target === 'iframe' && result.embedCheck?.embeddable === false) {
        setSuggestion(result.embedCheck);
        return;
      }
      notify({ type: 'success', title: t(isNew ? 'tiles.form.created' : 'tiles.form.saved') });
      close();
    } catch {
      // The error is shown in the form; the input stays as typed.
    }
  };

  const switchToNewTab = async () => {
    updateDraftInput({ target: 'newTab' });
    setSuggestion(null);
    try {
      await save.mutateAsync({
        id: draft.key as number,
        input: { ...input, target: 'newTab' },
        titleTranslation: draft.titleTranslation,
      });
      notify({ type: 'success', title: t('tiles.form.saved') });
      close();
    } catch {
      // shown in the form
    }
  };

  const deleteTile = async () => {
    const tileId = draft.key as number;
    const yes = await confirm('delete-app', {
      title: t('tiles.delete.title', { title: input.title }),
      description: t('tiles.delete.body'),
      confirmLabel: t('common.delete'),
      variant: 'destructive',
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(tileId);
      notify({ type: 'success', title: t('tiles.delete.done') });
      setDraft(null);
      close();
    } catch (error) {
      notify({ type: 'error', title: t('tiles.delete.failed'), description: errorMessage(t, error) });
    }
  };

  const generalError =
    save.error && serverIssues(save.error).length === 0 ? errorMessage(t, save.error) : uploadError;
  const mayDelete = !isNew && mayEditTile({ creator: draft.creator }, self);

  return {
    save,
    submitted,
    issues,
    field: { formId, draft, issuesOf, invalid, errorId },
    suggestion,
    generalError,
    mayDelete,
    isNew,
    pickFile,
    submit,
    switchToNewTab,
    deleteTile,
  };
}

/** What each field of the tile form needs: its ids, the draft, and the issues to show. */
export type AppFormField = ReturnType<typeof useAppForm>['field'];
