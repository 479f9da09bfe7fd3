import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import {
  dayIn,
  TIME_ZONES,
  ACCENT_COLOR_RE,
  accentContrast,
  MAX_SCHOOL_NAME,
  MIN_ACCENT_CONTRAST,
  type SchoolIdentity,
} from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { DashboardTabProps } from '@/lib/dashboard';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { schoolIdentityQueryOptions } from '@/lib/school-identity';
import { useSaveSchoolIdentity } from '../api/school';
import { timeZoneQueryOptions, useSaveTimeZone } from '../api/time-zone';
import { LogoSection } from './login-bg-tab';

/** The default primary colour of index.css, shown in the colour picker while the school has none. */
const DEFAULT_ACCENT = '#1d4ed8';

/** Why the typed colour cannot be saved, translated, or null (the server checks the same, decision 059). */
function useAccentProblem(accent: string): string | null {
  const { t } = useTranslation();
  if (accent === '') return null;
  if (!ACCENT_COLOR_RE.test(accent)) return t('school.invalidColor');
  const ratio = accentContrast(accent);
  return ratio < MIN_ACCENT_CONTRAST
    ? t('errors.config.low_contrast', { ratio: formatNumber(ratio, { maximumFractionDigits: 1 }) })
    : null;
}

function IdentityForm({ saved }: { saved: SchoolIdentity }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSchoolIdentity();
  const [name, setName] = useState(saved.name);
  const [accent, setAccent] = useState(saved.accent);
  const [tried, setTried] = useState(false);
  const problem = useAccentProblem(accent.trim());
  const shown = tried ? problem : null;
  const valid = ACCENT_COLOR_RE.test(accent.trim());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    save.mutate(
      { name: name.trim(), accent: accent.trim().toLowerCase() },
      { onSuccess: () => notify({ type: 'success', title: t('school.saved') }) },
    );
  };

  return (
    <section className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('school.identityTitle')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-4">
        <ErrorAlert id={`${id}-error`} message={shown ?? (save.error ? errorMessage(t, save.error) : null)} />
        <FormField
          id={`${id}-name`}
          label={t('school.name')}
          hint={t('school.nameHint', { max: MAX_SCHOOL_NAME })}
          maxLength={MAX_SCHOOL_NAME}
          autoComplete="organization"
          dir="auto"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('school.accent')}</legend>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="color"
              aria-label={t('school.accent')}
              value={valid ? accent.trim().toLowerCase() : DEFAULT_ACCENT}
              onChange={(event) => setAccent(event.target.value)}
              className="h-11 w-16 cursor-pointer rounded-md border border-input bg-card p-1"
            />
            <Label htmlFor={`${id}-hex`} className="sr-only">
              {t('school.accentHex')}
            </Label>
            <Input
              id={`${id}-hex`}
              dir="ltr"
              className="w-32 font-mono"
              maxLength={7}
              placeholder={DEFAULT_ACCENT}
              value={accent}
              aria-invalid={shown !== null || undefined}
              aria-describedby={`${id}-accent-hint ${shown ? `${id}-error` : ''}`.trim()}
              onChange={(event) => setAccent(event.target.value)}
            />
            {accent !== '' && (
              <Button type="button" variant="ghost" onClick={() => setAccent('')}>
                <RotateCcw aria-hidden="true" />
                {t('school.accentDefault')}
              </Button>
            )}
          </div>
          <p id={`${id}-accent-hint`} className="text-sm text-muted-foreground">
            {t('school.accentHint')}{' '}
            {valid
              ? t('school.contrast', {
                  ratio: formatNumber(accentContrast(accent.trim()), { maximumFractionDigits: 1 }),
                })
              : accent === ''
                ? t('school.accentNone')
                : null}
          </p>
        </fieldset>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t('school.preview')}</p>
          <div
            aria-hidden="true"
            className="flex flex-wrap items-center gap-4 rounded-md border bg-card p-4"
            style={
              valid && !problem
                ? { ['--primary' as string]: accent, ['--primary-foreground' as string]: '#fff' }
                : undefined
            }
          >
            <span className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
              {t('school.previewButton')}
            </span>
            <span className="text-sm text-primary underline underline-offset-4">
              {t('school.previewLink')}
            </span>
          </div>
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('school.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A zone as its offset now and its id, e.g. "UTC+1 · Europe/Berlin" (ids stay Latin, as the zone database names them). */
function zoneLabel(zone: string, now: Date): string {
  const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${offset === 'GMT' ? 'UTC' : (offset ?? '').replace('GMT', 'UTC')} · ${zone.replaceAll('_', ' ')}`;
}

/** The school's time zone (issue 20, decision 062): what "today" is for sick notices. */
function TimeZoneForm({ saved }: { saved: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const save = useSaveTimeZone();
  const [zone, setZone] = useState(saved);
  const now = new Date();
  const today = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${dayIn(now, zone)}T00:00:00Z`),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(zone, { onSuccess: () => notify({ type: 'success', title: t('school.timeZone.saved') }) });
  };
  return (
    <section className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('school.timeZone.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-4">
        <ErrorAlert id={`${id}-error`} message={save.error ? errorMessage(t, save.error) : null} />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-zone`}>{t('adminSettings.keys.time_zone.label')}</Label>
          <select
            id={`${id}-zone`}
            dir="ltr"
            value={zone}
            aria-describedby={`${id}-hint ${id}-today`}
            onChange={(event) => setZone(event.target.value)}
            className="h-10 w-full rounded-md border border-input bg-card px-2 text-start coarse:h-11"
          >
            {TIME_ZONES.map((value) => (
              <option key={value} value={value}>
                {zoneLabel(value, now)}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t('adminSettings.keys.time_zone.help')}
          </p>
          <p id={`${id}-today`} className="text-sm">
            {t('school.timeZone.today', { day: today })}
          </p>
        </div>
        <div>
          <Button type="submit" loading={save.isPending} disabled={zone === saved}>
            {t('school.timeZone.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function TimeZoneSection() {
  const { t } = useTranslation();
  const zone = useQuery(timeZoneQueryOptions());
  if (zone.error) return <ErrorAlert message={errorMessage(t, zone.error)} />;
  if (zone.data === undefined) return <Spinner />;
  return <TimeZoneForm key={zone.data} saved={zone.data} />;
}

/** The school tab (issue 19 item 5): name, accent colour and logo in one place (decision 059). */
export default function SchoolTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const school = useQuery(schoolIdentityQueryOptions());
  return (
    <div className="grid gap-10">
      <p className="text-muted-foreground">{t('school.intro')}</p>
      {school.data ? (
        <IdentityForm saved={school.data} />
      ) : school.error ? (
        <ErrorAlert message={errorMessage(t, school.error)} />
      ) : (
        <Spinner />
      )}
      <LogoSection />
      <TimeZoneSection />
    </div>
  );
}
