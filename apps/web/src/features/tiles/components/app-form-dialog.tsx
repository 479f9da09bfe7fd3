import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ImageUp, Palette, Shapes, Trash2, Users } from 'lucide-react';
import {
  APP_TYPES,
  LOCALES,
  LOCALE_NAMES,
  MAX_DOWNLOAD_BYTES,
  MAX_ICON_BYTES,
  TARGETS,
  allowedWantedPerms,
  mayEditBubble,
  normalizeBubbleUrl,
  validateBubbleInput,
  type BubbleIssue,
  type EmbedCheck,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useConfirm } from '@/lib/confirm';
import { errorMessage } from '@/lib/error-message';
import { useDialogs, type DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { appQueryOptions } from '../api/get-app';
import { groupsQueryOptions } from '@/lib/groups';
import { useDeleteApp, useSaveApp } from '../api/save-app';
import {
  draftOf,
  newDraft,
  setDraft,
  updateDraft,
  updateDraftInput,
  useDraft,
  type AppDraft,
} from '../lib/app-draft';
import { TilePreview } from './tile-preview';

const fieldClass = 'grid gap-1.5';
const ICON_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

function FieldError({ id, issues }: { id: string; issues: BubbleIssue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {issues.map((issue) => t(`errors.${issue.code}` as never)).join(' ')}
    </p>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Server issues (400 with issues) by field, so they show where the user can fix them. */
function serverIssues(error: unknown): BubbleIssue[] {
  if (!(error instanceof ApiError)) return [];
  return (error.errorBody?.issues ?? [])
    .filter((issue) => issue.code.startsWith('apps.'))
    .map((issue) => ({
      path: issue.path.split('.').at(-1) as BubbleIssue['path'],
      code: issue.code as BubbleIssue['code'],
    }));
}

/** The tile the dialog edits: from the `app` search parameter (edit-app) or a new one (create-app). */
function useStartDraft(id: string): { ready: boolean; missing: boolean } {
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

/** spec 2.5 create-app and edit-app: every field of spec 3.1, checked live by spec 5's rules. */
export default function AppFormDialog({ id, close }: DialogProps) {
  const { t } = useTranslation();
  const { ready, missing } = useStartDraft(id);
  const draft = useDraft();
  const title = t(id === 'create-app' ? 'dialogs.createApp' : 'dialogs.editApp');

  if (missing) {
    return (
      <DialogFrame
        title={title}
        description={t('tiles.form.missing')}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        }
      />
    );
  }
  if (!ready || !draft) {
    return (
      <DialogFrame title={title}>
        <p role="status" className="text-muted-foreground">
          {t('common.loading')}
        </p>
      </DialogFrame>
    );
  }
  return <AppForm title={title} draft={draft} close={close} />;
}

function AppForm({ title, draft, close }: { title: string; draft: AppDraft; close: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const self = useSelf();
  const { permissions } = usePerms();
  const { open } = useDialogs();
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
      ...validateBubbleInput(input, { hasFile: draft.hasFile || draft.file !== null }),
      ...(save.error ? serverIssues(save.error) : []),
    ],
    [input, draft.hasFile, draft.file, save.error],
  );
  const shown = submitted ? issues : [];
  const issuesOf = (path: BubbleIssue['path']) => shown.filter((issue) => issue.path === path);
  const invalid = (path: BubbleIssue['path']) => (issuesOf(path).length > 0 ? true : undefined);
  const errorId = (path: string) => `${formId}-${path}-error`;

  const wanted = allowedWantedPerms(permissions?.createApps ?? 'private');
  const groups = useQuery({
    ...groupsQueryOptions(permissions?.editSchoolLayouts ? undefined : self?.id),
    enabled: wanted.includes('groups'),
  });
  const groupNames = new Map((groups.data ?? []).map((g) => [g.id, g.name]));

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
    const clientIssues = validateBubbleInput(input, { hasFile: draft.hasFile || draft.file !== null });
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
    const bubbleId = draft.key as number;
    const yes = await confirm('delete-app', {
      title: t('tiles.delete.title', { title: input.title }),
      description: t('tiles.delete.body'),
      confirmLabel: t('common.delete'),
      variant: 'destructive',
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(bubbleId);
      notify({ type: 'success', title: t('tiles.delete.done') });
      setDraft(null);
      close();
    } catch (error) {
      notify({ type: 'error', title: t('tiles.delete.failed'), description: errorMessage(t, error) });
    }
  };

  const generalError =
    save.error && serverIssues(save.error).length === 0 ? errorMessage(t, save.error) : uploadError;
  const mayDelete = !isNew && mayEditBubble({ creator: draft.creator }, self);

  if (suggestion) {
    return (
      <DialogFrame
        title={t('tiles.embed.title')}
        description={t(suggestion.reason === 'frame-ancestors' ? 'tiles.embed.csp' : 'tiles.embed.xfo')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('tiles.embed.keep')}
            </Button>
            <Button loading={save.isPending} onClick={() => void switchToNewTab()}>
              {t('tiles.embed.useNewTab')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <DialogFrame
      title={title}
      className="max-w-2xl"
      footer={
        <>
          {!isNew && mayDelete && (
            <Button
              variant="ghost"
              className="text-destructive desktop:me-auto"
              onClick={() => void deleteTile()}
            >
              <Trash2 aria-hidden="true" />
              {t('common.delete')}
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        {generalError && <ErrorAlert message={generalError} />}
        {submitted && issues.length > 0 && (
          <ErrorAlert className="sr-only" message={t('tiles.form.fixErrors', { count: issues.length })} />
        )}

        <div className="grid gap-4 desktop:grid-cols-[1fr_auto]">
          <div className="grid gap-4">
            <div className={fieldClass}>
              <Label htmlFor={`${formId}-title`}>{t('tiles.form.title')}</Label>
              <Input
                id={`${formId}-title`}
                value={input.title}
                maxLength={200}
                dir="auto"
                aria-invalid={invalid('title')}
                aria-describedby={invalid('title') && errorId('title')}
                onChange={(event) => updateDraftInput({ title: event.target.value })}
              />
              <FieldError id={errorId('title')} issues={issuesOf('title')} />
            </div>
            <details className="rounded-md border p-3">
              <summary className="cursor-pointer text-sm font-medium">{t('tiles.form.translations')}</summary>
              <div className="mt-3 grid gap-3 desktop:grid-cols-2">
                {LOCALES.map((locale) => (
                  <div key={locale} className={fieldClass}>
                    <Label htmlFor={`${formId}-tr-${locale}`}>{LOCALE_NAMES[locale]}</Label>
                    <Input
                      id={`${formId}-tr-${locale}`}
                      lang={locale}
                      dir="auto"
                      maxLength={200}
                      value={draft.titleTranslation[locale] ?? ''}
                      onChange={(event) =>
                        updateDraft((current) => ({
                          ...current,
                          titleTranslation: { ...current.titleTranslation, [locale]: event.target.value },
                        }))
                      }
                    />
                  </div>
                ))}
              </div>
            </details>
          </div>
          <div className="flex flex-col items-center gap-2">
            <TilePreview draft={draft} title={input.title || t('tiles.form.previewTitle')} />
          </div>
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void open('icon-picker')}>
            <Shapes aria-hidden="true" />
            {t('dialogs.iconPicker')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => void open('color-picker')}>
            <Palette aria-hidden="true" />
            {t('dialogs.colorPicker')}
          </Button>
          <Button type="button" variant="outline" size="sm" asChild>
            <label htmlFor={`${formId}-icon`} className="cursor-pointer">
              <ImageUp aria-hidden="true" />
              {t('tiles.form.uploadIcon')}
            </label>
          </Button>
          <input
            id={`${formId}-icon`}
            type="file"
            accept={ICON_TYPES}
            className="sr-only"
            aria-label={t('tiles.form.uploadIcon')}
            onChange={(event) => pickFile('icon', event.target.files?.[0] ?? null)}
          />
          {(draft.icon || (draft.iconUrl && !input.removeIcon)) && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() =>
                updateDraft((c) => ({ ...c, icon: null, input: { ...c.input, removeIcon: true } }))
              }
            >
              {t('tiles.form.removeIcon')}
            </Button>
          )}
        </div>
        <p className="-mt-3 text-xs text-muted-foreground">
          {t('tiles.form.iconHint', { max: MAX_ICON_BYTES / 1024 / 1024 })}
        </p>

        <Fieldset legend={t('tiles.form.target')}>
          <div className="grid grid-cols-2 gap-2 desktop:grid-cols-4">
            {TARGETS.map((target) => (
              <label
                key={target}
                className="flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name={`${formId}-target`}
                  value={target}
                  checked={input.target === target}
                  onChange={() => updateDraftInput({ target })}
                  className="accent-primary"
                />
                {t(`tiles.targets.${target}`)}
              </label>
            ))}
          </div>
        </Fieldset>

        {input.target !== 'download' && (
          <div className={fieldClass}>
            <Label htmlFor={`${formId}-url`}>{t('tiles.form.url')}</Label>
            <Input
              id={`${formId}-url`}
              type="text"
              inputMode="url"
              dir="ltr"
              autoComplete="url"
              value={input.url ?? ''}
              aria-invalid={invalid('url')}
              aria-describedby={`${formId}-url-hint ${invalid('url') ? errorId('url') : ''}`}
              onChange={(event) => updateDraftInput({ url: event.target.value })}
              onBlur={() => input.url && updateDraftInput({ url: normalizeBubbleUrl(input.url) })}
            />
            <p id={`${formId}-url-hint`} className="text-xs text-muted-foreground">
              {t(input.type ? 'tiles.form.urlOptional' : 'tiles.form.urlHint')}
            </p>
            <FieldError id={errorId('url')} issues={issuesOf('url')} />
          </div>
        )}
        {input.target === 'download' && (
          <div className={fieldClass}>
            <Label htmlFor={`${formId}-file`}>{t('tiles.form.file')}</Label>
            <Input
              id={`${formId}-file`}
              type="file"
              aria-invalid={invalid('file')}
              aria-describedby={`${formId}-file-hint ${invalid('file') ? errorId('file') : ''}`}
              onChange={(event) => pickFile('file', event.target.files?.[0] ?? null)}
            />
            <p id={`${formId}-file-hint`} className="text-xs text-muted-foreground">
              {draft.hasFile && !draft.file ? t('tiles.form.fileKept') : null}{' '}
              {t('tiles.form.fileHint', { max: MAX_DOWNLOAD_BYTES / 1024 / 1024 })}
            </p>
            <FieldError id={errorId('file')} issues={issuesOf('file')} />
          </div>
        )}

        <div className={fieldClass}>
          <Label htmlFor={`${formId}-type`}>{t('tiles.form.type')}</Label>
          <select
            id={`${formId}-type`}
            value={input.type ?? ''}
            onChange={(event) =>
              updateDraftInput({ type: (event.target.value || null) as (typeof APP_TYPES)[number] | null })
            }
            className="h-10 rounded-md border border-input bg-card px-3 text-base desktop:text-sm"
          >
            <option value="">{t('tiles.types.none')}</option>
            {APP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`tiles.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {input.type === 'remote-desktop' && (
          <div className={fieldClass}>
            <Label htmlFor={`${formId}-config`}>{t('tiles.form.config')}</Label>
            <textarea
              id={`${formId}-config`}
              dir="ltr"
              rows={4}
              value={input.config ?? ''}
              placeholder='{ "Name": "…" }'
              aria-invalid={invalid('config')}
              aria-describedby={`${formId}-config-hint ${invalid('config') ? errorId('config') : ''}`}
              onChange={(event) => updateDraftInput({ config: event.target.value })}
              className="rounded-md border border-input bg-card p-3 font-mono text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
            />
            <p id={`${formId}-config-hint`} className="text-xs text-muted-foreground">
              {t('tiles.form.configHint')}
            </p>
            <FieldError id={errorId('config')} issues={issuesOf('config')} />
          </div>
        )}

        <Fieldset legend={t('tiles.form.wantedPerms')}>
          <div className="grid gap-2 desktop:grid-cols-3">
            {wanted.map((perm) => (
              <label
                key={perm}
                htmlFor={`${formId}-perm-${perm}`}
                className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
              >
                <input
                  id={`${formId}-perm-${perm}`}
                  type="radio"
                  name={`${formId}-perms`}
                  value={perm}
                  checked={input.wantedPerms === perm}
                  onChange={() => updateDraftInput({ wantedPerms: perm })}
                  className="mt-0.5 accent-primary"
                />
                <span className="grid">
                  {t(`tiles.perms.${perm}`)}
                  <span className="text-xs font-normal text-muted-foreground">
                    {t(`tiles.perms.${perm}Hint`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {input.wantedPerms === 'groups' && (
            <div className="flex flex-wrap items-center gap-2">
              {input.groups.map((groupId) => (
                <span key={groupId} className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium">
                  <bdi>{groupNames.get(groupId) ?? `#${groupId}`}</bdi>
                </span>
              ))}
              <Button
                id={`${formId}-groups`}
                type="button"
                variant="outline"
                size="sm"
                aria-invalid={invalid('groups')}
                aria-describedby={invalid('groups') && errorId('groups')}
                onClick={() => void open('group-change')}
              >
                <Users aria-hidden="true" />
                {t('dialogs.groupChange')}
              </Button>
              <FieldError id={errorId('groups')} issues={issuesOf('groups')} />
            </div>
          )}
        </Fieldset>

        {permissions?.lockApps && (
          <label htmlFor={`${formId}-locked`} className="flex items-start gap-2 text-sm">
            <input
              id={`${formId}-locked`}
              type="checkbox"
              checked={input.locked}
              onChange={(event) => updateDraftInput({ locked: event.target.checked })}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid font-medium">
              {t('tiles.form.locked')}
              <span className="text-xs font-normal text-muted-foreground">{t('tiles.form.lockedHint')}</span>
            </span>
          </label>
        )}
      </form>
    </DialogFrame>
  );
}
