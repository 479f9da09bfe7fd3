import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleOff } from 'lucide-react';
import {
  BBB_CHECKSUM_ALGORITHMS,
  BbbSettingsSchema,
  type BbbChecksumAlgorithm,
  type BbbSettings,
  type BbbSettingsView,
  type BbbTestResult,
} from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { bbbSettingsQueryOptions, useSaveBbbSettings } from '../api/bbb-settings';
import { useTestBbbConnection } from '../api/test-bbb-connection';

interface FormValues {
  url: string;
  checksumAlgorithm: BbbChecksumAlgorithm;
  allowInternal: boolean;
}

const BLANK: FormValues = { url: '', checksumAlgorithm: 'sha256', allowInternal: false };

function TestResult({ result }: { result: BbbTestResult | null }) {
  const { t } = useTranslation();
  const ok = result?.ok === true;
  const okText =
    ok && result.version
      ? t('bbbSettings.testOk', { version: result.version })
      : t('bbbSettings.testOkNoVersion');
  return (
    <>
      <NoticeStatus message={ok ? okText : null} />
      <ErrorAlert
        title={result && !ok ? t('bbbSettings.testFailedTitle') : undefined}
        message={result && !ok ? t(`bbbSettings.problems.${result.problem ?? 'server_error'}`) : null}
      />
    </>
  );
}

function BbbForm({ view }: { view: BbbSettingsView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveBbbSettings();
  const test = useTestBbbConnection();
  const [values, setValues] = useState<FormValues>(view.settings ?? BLANK);
  const [secret, setSecret] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [result, setResult] = useState<BbbTestResult | null>(null);

  /** The form as the server takes it, or null after saying what is wrong. */
  const checked = (needSecret: boolean): BbbSettings | null => {
    const parsed = BbbSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setLocalError(t('bbbSettings.invalid', { fields: t('bbbSettings.fields.url') }));
      return null;
    }
    if (needSecret && !view.secretSet && !secret) {
      setLocalError(t('bbbSettings.secretRequired'));
      return null;
    }
    setLocalError(null);
    return parsed.data;
  };

  const change = (patch: Partial<FormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // a result is about the values it tested
    setResult(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const settings = checked(true);
    if (!settings) return;
    save.mutate(
      { settings, ...(secret ? { secret } : {}) },
      {
        onSuccess: () => {
          setSecret('');
          notify({ type: 'success', title: t('bbbSettings.saved') });
        },
      },
    );
  };

  const onTest = () => {
    const settings = checked(false);
    if (!settings) return;
    setResult(null);
    test.mutate({ settings, ...(secret ? { secret } : {}) }, { onSuccess: setResult });
  };

  const error =
    localError ??
    (save.error ? errorMessage(t, save.error) : test.error ? errorMessage(t, test.error) : null);
  const StatusIcon = view.settings ? CircleCheck : CircleOff;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="flex items-start gap-2 text-sm">
        <StatusIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {view.settings ? t('bbbSettings.configured') : t('bbbSettings.notConfigured')}
      </p>
      <ErrorAlert message={error} />
      <FormField
        id={`${id}-url`}
        type="url"
        inputMode="url"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        label={t('bbbSettings.fields.url')}
        hint={t('bbbSettings.hints.url')}
        value={values.url}
        onChange={(event) => change({ url: event.target.value.trim() })}
      />
      <FormField
        id={`${id}-secret`}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        label={t('bbbSettings.fields.secret')}
        hint={view.secretSet ? t('bbbSettings.hints.secretSet') : t('bbbSettings.hints.secret')}
        value={secret}
        onChange={(event) => {
          setSecret(event.target.value);
          setResult(null);
        }}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-algorithm`}>{t('bbbSettings.fields.checksumAlgorithm')}</Label>
        <select
          id={`${id}-algorithm`}
          aria-describedby={`${id}-algorithm-hint`}
          value={values.checksumAlgorithm}
          onChange={(event) => change({ checksumAlgorithm: event.target.value as BbbChecksumAlgorithm })}
          className="h-10 rounded-md border bg-background px-3 text-sm coarse:h-11"
        >
          {BBB_CHECKSUM_ALGORITHMS.map((algorithm) => (
            <option key={algorithm} value={algorithm}>
              {t(`bbbSettings.algorithms.${algorithm}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-algorithm-hint`} className="text-sm text-muted-foreground">
          {t('bbbSettings.hints.checksumAlgorithm')}
        </p>
      </div>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm coarse:min-h-11 coarse:items-center">
          <input
            type="checkbox"
            aria-describedby={`${id}-internal-hint`}
            checked={values.allowInternal}
            onChange={(event) => change({ allowInternal: event.target.checked })}
            className="mt-0.5 size-4 accent-primary coarse:mt-0"
          />
          {t('bbbSettings.fields.allowInternal')}
        </label>
        <p id={`${id}-internal-hint`} className="ps-6 text-sm text-muted-foreground">
          {t('bbbSettings.hints.allowInternal')}
        </p>
      </div>
      <TestResult result={result} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" loading={test.isPending} onClick={onTest}>
          {t('bbbSettings.test')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Issue 21 item 1: the school's BigBlueButton server as admins set it up (the Video tab); the shared secret is
 * write-only, as the OpenID client secret is (decision 038). Without it, rooms work and joining says so.
 */
export function BbbSettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(bbbSettingsQueryOptions());
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('bbbSettings.title')}
      </h2>
      <p className="text-sm">{t('bbbSettings.intro')}</p>
      <QueryGate query={query}>{(view) => <BbbForm view={view} />}</QueryGate>
    </section>
  );
}
