import { useId, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Search, TriangleAlert } from 'lucide-react';
import {
  FEATURE_NAMES,
  SETTINGS_META,
  SETTINGS_SECTIONS,
  isFeatureBuilt,
  type SettingsKey,
  type SettingsSection,
} from '@aula/contracts';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import type { DashboardTabProps } from '@/lib/dashboard';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { settingsQueryOptions } from '../api/get-settings';
import { invalidateSettings, setSetting } from '../api/set-setting';
import { LeaveSettingsDialog } from './leave-settings-dialog';
import { matchesQuery, shownSettings } from './settings-search';
import { fromEditorValue, toEditorValue } from './settings-values';

type Drafts = Partial<Record<SettingsKey, string>>;

export default function SettingsTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const query = useQuery(settingsQueryOptions());
  return (
    <QueryGate query={query} loading={t('adminSettings.loading')}>
      {(values) => <SettingsForm values={values} />}
    </QueryGate>
  );
}

/**
 * The school's settings as one form (issue 19, decision 060): changes collect in drafts, one sticky bar counts
 * and saves them, leaving the tab with unsaved changes asks first, and a search box narrows the sections.
 */
function SettingsForm({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [errors, setErrors] = useState<Partial<Record<SettingsKey, unknown>>>({});
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const stored = (key: SettingsKey) => values[key] ?? '';
  const editorValue = (key: SettingsKey) => drafts[key] ?? toEditorValue(key, stored(key));
  const changed = shownSettings().filter(
    (key) => drafts[key] !== undefined && fromEditorValue(key, drafts[key]) !== stored(key),
  );
  const dirty = changed.length > 0;
  // switching force_2fa_teachers on holds back every teacher and admin without two-factor, this one too
  const self = useSelf();
  const selfHeldBack = self !== null && !self.totp_enabled;

  // leaving for another tab or page with unsaved changes asks first; a dialog opened on this page does not
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => dirty && next.pathname !== current.pathname,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const setDraft = (key: SettingsKey, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  const saveAll = async () => {
    setSaving(true);
    const failed: Partial<Record<SettingsKey, unknown>> = {};
    let saved = 0;
    // one request per setting (POST /api/config/key/:key); a refused value keeps its draft and shows why
    for (const key of changed) {
      try {
        await setSetting({ key, value: fromEditorValue(key, drafts[key] ?? '') });
        saved += 1;
      } catch (error) {
        failed[key] = error;
      }
    }
    await invalidateSettings(queryClient);
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([key]) => key in failed)));
    setErrors(failed);
    setSaving(false);
    if (saved > 0)
      notify({
        type: 'success',
        title: t('adminSettings.bar.saved', { count: saved, n: formatNumber(saved) }),
      });
  };

  const discard = () => {
    setDrafts({});
    setErrors({});
  };

  const q = search.trim();
  const sections = SETTINGS_SECTIONS.map((section) => {
    const keys = shownSettings().filter((k) => SETTINGS_META[k].section === section);
    const sectionMatches = matchesQuery(t(`adminSettings.sections.${section}`), q);
    const shown = sectionMatches
      ? keys
      : keys.filter((k) => matchesQuery(`${t(`adminSettings.keys.${k}.label`)} ${helpText(t, k)}`, q));
    return { section, keys: shown };
  }).filter((s) => s.keys.length > 0);

  return (
    <div className="grid gap-6">
      <div className="grid max-w-xl gap-2">
        <label htmlFor={`${id}-search`} className="font-medium">
          {t('adminSettings.search.label')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder={t('adminSettings.search.placeholder')}
            onChange={(e) => setSearch(e.target.value)}
            className="h-11 w-full rounded-md border border-input bg-background ps-9 pe-3 desktop:h-9"
          />
        </div>
      </div>
      {sections.length === 0 && (
        <p role="status" className="text-muted-foreground">
          {t('adminSettings.search.none', { query: q })}
        </p>
      )}
      {sections.map(({ section, keys }) => (
        <Section key={section} section={section}>
          {keys.map((key) => (
            <SettingRow
              key={key}
              settingKey={key}
              value={editorValue(key)}
              changed={changed.includes(key)}
              error={errors[key]}
              warning={
                key === 'force_2fa_teachers' &&
                changed.includes(key) &&
                editorValue(key) === 'true' &&
                selfHeldBack
                  ? t('adminSettings.force2faSelfWarning')
                  : null
              }
              onChange={(value) => setDraft(key, value)}
            />
          ))}
        </Section>
      ))}
      <SaveBar count={changed.length} saving={saving} onSave={() => void saveAll()} onDiscard={discard} />
      {blocker.status === 'blocked' && (
        <LeaveSettingsDialog
          count={changed.length}
          onStay={() => blocker.reset()}
          onLeave={() => {
            discard();
            blocker.proceed();
          }}
        />
      )}
    </div>
  );
}

function helpText(t: TFunction, key: SettingsKey): string {
  const meta = SETTINGS_META[key];
  return meta.type === 'integer'
    ? t(`adminSettings.keys.${key}.help`, { min: meta.min, max: meta.max })
    : t(`adminSettings.keys.${key}.help`);
}

/** The one save button of the tab, stuck to the bottom of the screen, with the count of changed settings. */
function SaveBar({
  count,
  saving,
  onSave,
  onDiscard,
}: {
  count: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const n = formatNumber(count);
  return (
    <div
      role="region"
      aria-label={t('adminSettings.bar.label')}
      className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur"
    >
      <p role="status" className="me-auto text-sm text-muted-foreground">
        {count > 0 ? t('adminSettings.bar.unsaved', { count, n }) : t('adminSettings.bar.none')}
      </p>
      {count > 0 && (
        <Button type="button" variant="outline" disabled={saving} onClick={onDiscard}>
          {t('adminSettings.bar.discard')}
        </Button>
      )}
      <Button type="button" disabled={count === 0} loading={saving} onClick={onSave}>
        {t('adminSettings.bar.save', { n })}
      </Button>
    </div>
  );
}

function Section({ section, children }: { section: SettingsSection; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`settings-${section}`} className="grid min-w-0 gap-4 rounded-md border p-4">
      <h2 id={`settings-${section}`} className="text-lg font-semibold">
        {t(`adminSettings.sections.${section}`)}
      </h2>
      {children}
    </section>
  );
}

function SettingRow({
  settingKey: key,
  value: draft,
  changed,
  error,
  warning,
  onChange: setDraft,
}: {
  settingKey: SettingsKey;
  value: string;
  changed: boolean;
  error: unknown;
  /** what saving this draft does to the admin themself, shown before they save */
  warning?: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const meta = SETTINGS_META[key];
  const id = `setting-${key}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const failed = error !== undefined;
  const describedBy = [helpId, warning ? warningId : null, failed ? errorId : null].filter(Boolean).join(' ');
  const label = t(`adminSettings.keys.${key}.label`);

  let control;
  if (meta.type === 'boolean') {
    control = (
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 shrink-0"
          checked={draft === 'true'}
          aria-describedby={describedBy}
          onChange={(e) => setDraft(e.target.checked ? 'true' : 'false')}
        />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
    );
  } else if (meta.type === 'features') {
    const on = new Set(draft.split(',').filter(Boolean));
    control = (
      <fieldset aria-describedby={describedBy} className="grid gap-2">
        <legend className="font-medium">{label}</legend>
        {/* only built features are offered; the others keep their stored state */}
        {FEATURE_NAMES.filter(isFeatureBuilt).map((f) => (
          <label key={f} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 shrink-0"
              checked={on.has(f)}
              onChange={(e) => {
                const next = new Set(on);
                if (e.target.checked) next.add(f);
                else next.delete(f);
                setDraft(FEATURE_NAMES.filter((n) => next.has(n)).join(','));
              }}
            />
            {t(`adminSettings.features.${f}`)}
          </label>
        ))}
      </fieldset>
    );
  } else {
    control = (
      <div className="grid gap-2">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {meta.type === 'integer' ? (
          <div className="flex items-center gap-2">
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={meta.min}
              max={meta.max}
              step={1}
              value={draft}
              aria-invalid={failed || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setDraft(e.target.value)}
              className="h-9 w-32 rounded-md border border-input bg-background px-2"
            />
            {meta.unit && <span>{t(`adminSettings.units.${meta.unit}`)}</span>}
          </div>
        ) : meta.type === 'enum' ? (
          <select
            id={id}
            value={draft}
            aria-describedby={describedBy}
            onChange={(e) => setDraft(e.target.value)}
            className="h-9 w-full rounded-md border border-input bg-background px-2"
          >
            {meta.values.map((v) => (
              <option key={v} value={v}>
                {/* a value's words where the strings have them (chat_student_private), else the value */}
                {t(`adminSettings.keys.${key}.values.${v}`, { defaultValue: v })}
              </option>
            ))}
          </select>
        ) : (
          <textarea
            id={id}
            dir="ltr"
            rows={meta.type === 'hosts' ? 4 : 2}
            value={draft}
            aria-invalid={failed || undefined}
            aria-describedby={describedBy}
            onChange={(e) => setDraft(e.target.value)}
            className="w-full max-w-xl rounded-md border border-input bg-background p-2 text-start"
          />
        )}
      </div>
    );
  }

  return (
    <div className="grid min-w-0 gap-1 border-b pb-4 last:border-b-0">
      {control}
      {changed && <p className="text-sm font-medium text-primary">{t('adminSettings.bar.changed')}</p>}
      <p id={helpId} className="text-sm break-words text-muted-foreground">
        {helpText(t, key)}
      </p>
      {/* always there, so the warning is announced when the box is ticked */}
      <div role="status" id={warningId} className="empty:absolute">
        {warning ? (
          <MessageBox tone="warning" icon={TriangleAlert}>
            {warning}
          </MessageBox>
        ) : null}
      </div>
      {failed && <ErrorAlert id={errorId} message={errorMessage(t, error)} />}
    </div>
  );
}
