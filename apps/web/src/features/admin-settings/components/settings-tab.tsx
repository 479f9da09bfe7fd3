import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEATURE_NAMES,
  SETTINGS_KEYS,
  SETTINGS_META,
  SETTINGS_SECTIONS,
  type SettingsKey,
  type SettingsSection,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import type { DashboardTabProps } from '@/lib/dashboard';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { settingsQueryOptions } from '../api/get-settings';
import { useSetSetting } from '../api/set-setting';
import { fromEditorValue, toEditorValue } from './settings-values';

export default function SettingsTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const query = useQuery(settingsQueryOptions());
  return (
    <QueryGate query={query} loading={t('adminSettings.loading')}>
      {(values) => (
        <div className="grid gap-8">
          <h2 className="text-xl font-semibold">{t('adminSettings.settings.title')}</h2>
          {SETTINGS_SECTIONS.map((section) => (
            <Section key={section} section={section} values={values} />
          ))}
        </div>
      )}
    </QueryGate>
  );
}

function Section({ section, values }: { section: SettingsSection; values: Record<string, string> }) {
  const { t } = useTranslation();
  const keys = SETTINGS_KEYS.filter(
    (k) => SETTINGS_META[k].tab === 'settings' && SETTINGS_META[k].section === section,
  );
  return (
    <section aria-labelledby={`settings-${section}`} className="grid gap-4 rounded-md border p-4">
      <h3 id={`settings-${section}`} className="text-lg font-semibold">
        {t(`adminSettings.sections.${section}`)}
      </h3>
      {keys.map((key) => (
        <SettingRow key={key} settingKey={key} stored={values[key] ?? ''} />
      ))}
    </section>
  );
}

function SettingRow({ settingKey: key, stored }: { settingKey: SettingsKey; stored: string }) {
  const { t } = useTranslation();
  const meta = SETTINGS_META[key];
  const save = useSetSetting();
  const [draft, setDraft] = useState(() => toEditorValue(key, stored));
  const [base, setBase] = useState(stored);
  if (base !== stored) {
    // the server value changed (saved here or elsewhere): show it
    setBase(stored);
    setDraft(toEditorValue(key, stored));
  }
  const dirty = fromEditorValue(key, draft) !== stored;
  const id = `setting-${key}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = save.isError ? `${helpId} ${errorId}` : helpId;
  const label = t(`adminSettings.keys.${key}.label`);
  const submit = () =>
    save.mutate(
      { key, value: fromEditorValue(key, draft) },
      { onSuccess: () => notify({ type: 'success', title: t('adminSettings.saved') }) },
    );

  let control;
  if (meta.type === 'boolean') {
    control = (
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4"
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
        {FEATURE_NAMES.map((f) => (
          <label key={f} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
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
              aria-invalid={save.isError || undefined}
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
            className="h-9 rounded-md border border-input bg-background px-2"
          >
            {meta.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        ) : (
          <textarea
            id={id}
            dir="ltr"
            rows={meta.type === 'hosts' ? 4 : 2}
            value={draft}
            aria-invalid={save.isError || undefined}
            aria-describedby={describedBy}
            onChange={(e) => setDraft(e.target.value)}
            className="w-full max-w-xl rounded-md border border-input bg-background p-2 text-start"
          />
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-1 border-b pb-4 last:border-b-0">
      {control}
      <p id={helpId} className="text-sm text-muted-foreground">
        {meta.type === 'integer'
          ? t(`adminSettings.keys.${key}.help`, { min: meta.min, max: meta.max })
          : t(`adminSettings.keys.${key}.help`)}
      </p>
      {save.isError && <ErrorAlert id={errorId} message={errorMessage(t, save.error)} />}
      <div>
        <Button type="button" size="sm" disabled={!dirty || save.isPending} onClick={submit}>
          {t('adminSettings.saveSetting', { setting: label })}
        </Button>
      </div>
    </div>
  );
}
