import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUp, Palette, Shapes, Users } from 'lucide-react';
import {
  ICON_MIMES,
  LOCALES,
  LOCALE_NAMES,
  MAX_DOWNLOAD_BYTES,
  MAX_ICON_BYTES,
  TARGETS,
  allowedWantedPerms,
  normalizeTileUrl,
  type AppType,
  type TileIssue,
} from '@aula/contracts';
import { FieldError } from '@/components/form-kit';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDialogs } from '@/lib/dialogs';
import { formatFileSize } from '@/lib/format';
import type { FieldIssue } from '@/lib/form-issues';
import { groupsQueryOptions } from '@/lib/groups';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import type { AppFormField } from '../hooks/use-app-form';
import { updateDraft, updateDraftInput } from '../lib/app-draft';
import { appTypeChoices } from '../lib/offered-app-types';
import { TilePreview } from './tile-preview';

// The fields of the tile form (spec 3.1), each with its label, hint and the issues spec 5's checks found.

const fieldClass = 'grid gap-1.5';
const ICON_TYPES = ICON_MIMES.join(',');

type PickFile = (kind: 'icon' | 'file', file: File | null) => void;

/** A tile issue (the contracts' shape, shared with the server's checks) as the form kit shows it. */
const issueOfTile = (issue: TileIssue): Pick<FieldIssue<string>, 'key'> => ({ key: `errors.${issue.code}` });

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The title, its translations, and the tile as it will look. */
export function TitleFields({ field }: { field: AppFormField }) {
  const { t } = useTranslation();
  const { formId, draft, issuesOf, invalid, errorId } = field;
  const { input } = draft;
  return (
    <>
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
            <FieldError id={errorId('title')} issues={issuesOf('title').map(issueOfTile)} />
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
    </>
  );
}

/** Choose an icon or colour, or upload an icon. */
export function IconFields({ field, pickFile }: { field: AppFormField; pickFile: PickFile }) {
  const { t } = useTranslation();
  const { formId, draft } = field;
  const { input } = draft;
  const { open } = useDialogs();
  return (
    <>
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
        {t('tiles.form.iconHint', { max: formatFileSize(MAX_ICON_BYTES) })}
      </p>
    </>
  );
}

/** Where the tile opens. */
export function TargetField({ field }: { field: AppFormField }) {
  const { t } = useTranslation();
  const { formId, draft } = field;
  const { input } = draft;
  return (
    <>
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
    </>
  );
}

/** The address, or the file a download tile offers. */
export function UrlOrFileField({ field, pickFile }: { field: AppFormField; pickFile: PickFile }) {
  const { t } = useTranslation();
  const { formId, draft, issuesOf, invalid, errorId } = field;
  const { input } = draft;
  return (
    <>
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
            onBlur={() => input.url && updateDraftInput({ url: normalizeTileUrl(input.url) })}
          />
          <p id={`${formId}-url-hint`} className="text-xs text-muted-foreground">
            {t(input.type ? 'tiles.form.urlOptional' : 'tiles.form.urlHint')}
          </p>
          <FieldError id={errorId('url')} issues={issuesOf('url').map(issueOfTile)} />
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
            {t('tiles.form.fileHint', { max: formatFileSize(MAX_DOWNLOAD_BYTES) })}
          </p>
          <FieldError id={errorId('file')} issues={issuesOf('file').map(issueOfTile)} />
        </div>
      )}
    </>
  );
}

/** The app type, and a remote desktop's configuration. */
export function TypeFields({ field }: { field: AppFormField }) {
  const { t } = useTranslation();
  const { formId, draft, issuesOf, invalid, errorId } = field;
  const { input } = draft;
  const choices = appTypeChoices(input.type);
  // no type to choose but the plain app: no field at all (issue 19 item 4)
  if (choices.length === 0) return null;
  return (
    <>
      <div className={fieldClass}>
        <Label htmlFor={`${formId}-type`}>{t('tiles.form.type')}</Label>
        <select
          id={`${formId}-type`}
          value={input.type ?? ''}
          onChange={(event) => updateDraftInput({ type: (event.target.value || null) as AppType | null })}
          className="h-10 rounded-md border border-input bg-card px-3 text-base desktop:text-sm"
        >
          <option value="">{t('tiles.types.none')}</option>
          {choices.map((type) => (
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
          <FieldError id={errorId('config')} issues={issuesOf('config').map(issueOfTile)} />
        </div>
      )}
    </>
  );
}

/** Who may see the tile: the choices the user's role allows, and the groups for 'groups'. */
export function WantedPermsField({ field }: { field: AppFormField }) {
  const { t } = useTranslation();
  const { formId, draft, issuesOf, invalid, errorId } = field;
  const { input } = draft;
  const self = useSelf();
  const { permissions } = usePerms();
  const { open } = useDialogs();
  const wanted = allowedWantedPerms(permissions?.createApps ?? 'private');
  const groups = useQuery({
    ...groupsQueryOptions(permissions?.editSchoolLayouts ? undefined : self?.id),
    enabled: wanted.includes('groups'),
  });
  const groupNames = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  if (wanted.length === 1) {
    // a radio group with a single choice is no choice: say who sees the app (issue 19 item 4)
    const only = wanted[0]!;
    return (
      <div className="grid gap-1 text-sm">
        <p className="font-medium">{t('tiles.form.wantedPerms')}</p>
        <p>
          {t(`tiles.perms.${only}`)}
          <span className="text-muted-foreground"> – {t(`tiles.perms.${only}Hint`)}</span>
        </p>
      </div>
    );
  }
  return (
    <>
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
            <FieldError id={errorId('groups')} issues={issuesOf('groups').map(issueOfTile)} />
          </div>
        )}
      </Fieldset>
    </>
  );
}

/** Locking the tile in place, for those who may. */
export function LockedField({ field }: { field: AppFormField }) {
  const { t } = useTranslation();
  const { formId, draft } = field;
  const { input } = draft;
  const { permissions } = usePerms();
  return (
    <>
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
    </>
  );
}
