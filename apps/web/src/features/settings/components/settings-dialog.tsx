import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import {
  FONT_SIZE_MAX_PX,
  FONT_SIZE_MIN_PX,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  LOCALE_NAMES,
  LOCALES,
  THEMES,
  DEFAULT_UI_PREFERENCES,
  type AccountSettings,
  type UiPreferences,
  type UserInfo,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useUpdateAccountSettings } from '@/lib/account-settings';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';

type Form = Required<Pick<AccountSettings, 'selected_theme' | 'selected_lang'>> & {
  preferences: UiPreferences;
};

function formOf(user: UserInfo): Form {
  return {
    selected_theme: user.selected_theme,
    selected_lang: user.selected_lang,
    preferences: user.preferences,
  };
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base text-card-foreground outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 desktop:text-sm';
const rangeClass =
  'h-6 w-full accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 rounded';
const checkClass = 'size-4 accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40';

/** A slider with its label and the current value, shown in the user's number format. */
function RangeField({
  id,
  label,
  shown,
  min,
  max,
  step,
  value,
  onChange,
}: {
  id: string;
  label: string;
  shown: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field id={id} label={label} value={shown}>
      <input
        id={id}
        type="range"
        className={rangeClass}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </Field>
  );
}

function Field({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {value !== undefined && (
          <output htmlFor={id} className="text-sm text-muted-foreground tabular-nums">
            {value}
          </output>
        )}
      </div>
      {children}
    </div>
  );
}

function SettingsForm({ user, close }: { user: UserInfo; close: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const update = useUpdateAccountSettings();
  const { hasFeature } = usePerms();
  const prefs = form.preferences;
  const setPref = <K extends keyof UiPreferences>(key: K, value: UiPreferences[K]) =>
    setForm((current) => ({ ...current, preferences: { ...current.preferences, [key]: value } }));

  const save = () => {
    update.mutate(form, {
      onSuccess: () => {
        notify({ type: 'success', title: t('settings.saved') });
        close();
      },
    });
  };

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold">{t('settings.appearance')}</legend>
        <Field id={`${id}-theme`} label={t('settings.theme')}>
          <select
            id={`${id}-theme`}
            className={selectClass}
            value={form.selected_theme}
            onChange={(event) =>
              setForm({ ...form, selected_theme: event.target.value as Form['selected_theme'] })
            }
          >
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(`settings.themes.${theme}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-lang`} label={t('settings.language')}>
          <select
            id={`${id}-lang`}
            className={selectClass}
            value={form.selected_lang}
            onChange={(event) =>
              setForm({ ...form, selected_lang: event.target.value as Form['selected_lang'] })
            }
          >
            <option value="auto">{t('settings.languageAuto')}</option>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        </Field>
        <RangeField
          id={`${id}-font`}
          label={t('settings.fontSize')}
          shown={t('settings.px', { value: formatNumber(prefs.fontSize) })}
          min={FONT_SIZE_MIN_PX}
          max={FONT_SIZE_MAX_PX}
          step={1}
          value={prefs.fontSize}
          onChange={(value) => setPref('fontSize', value)}
        />
        <RangeField
          id={`${id}-line`}
          label={t('settings.lineHeight')}
          shown={formatNumber(prefs.lineHeight, { minimumFractionDigits: 2 })}
          min={LINE_HEIGHT_MIN}
          max={LINE_HEIGHT_MAX}
          step={0.05}
          value={prefs.lineHeight}
          onChange={(value) => setPref('lineHeight', Math.round(value * 20) / 20)}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">{t('settings.behaviour')}</legend>
        <div className="flex items-center gap-3">
          <input
            id={`${id}-titles`}
            type="checkbox"
            className={checkClass}
            checked={prefs.hideAppTitles}
            onChange={(event) => setPref('hideAppTitles', event.target.checked)}
          />
          <Label htmlFor={`${id}-titles`}>{t('settings.hideAppTitles')}</Label>
        </div>
        {/* spec 3.6: the chat alert (issue 22), while the school has the Chat feature on */}
        {hasFeature('chat') && (
          <div className="grid gap-1">
            <div className="flex items-center gap-3">
              <input
                id={`${id}-chat`}
                type="checkbox"
                className={checkClass}
                checked={prefs.chatNotificationAlert}
                aria-describedby={`${id}-chat-hint`}
                onChange={(event) => setPref('chatNotificationAlert', event.target.checked)}
              />
              <Label htmlFor={`${id}-chat`}>{t('settings.chatNotificationAlert')}</Label>
            </div>
            <p id={`${id}-chat-hint`} className="ps-7 text-sm text-muted-foreground">
              {t('chat.alert.hint')}
            </p>
          </div>
        )}
      </fieldset>
      {update.error && <ErrorAlert message={errorMessage(t, update.error)} />}
      <div className="flex flex-col-reverse gap-2 mobile:[&>*]:w-full desktop:flex-row desktop:items-center">
        <Button
          type="button"
          variant="ghost"
          className="desktop:me-auto"
          onClick={() => setForm({ ...form, preferences: DEFAULT_UI_PREFERENCES })}
        >
          {t('settings.resetPreferences')}
        </Button>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** spec 2.5 `settings`: theme, language and UI preferences, saved on the account (docs/decisions/019-account-settings.md). */
export default function SettingsDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <DialogFrame title={t('dialogs.settings')} description={t('settings.intro')}>
      {self && <SettingsForm user={self} close={close} />}
    </DialogFrame>
  );
}
