import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import {
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
    </div>
  );
}
