import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import {
  SamlSettingsSchema,
  type SamlCertificate,
  type SamlSettings,
  type SamlSettingsView,
} from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { samlSettingsQueryOptions, useSaveSamlSettings } from '../api/saml-settings';
import { ReadOnlyAddress } from './read-only-address';
import { AccountMatching, ProviderSection } from './sso-form-parts';

type TextField = 'label' | 'subjectAttribute' | 'linkClaim' | 'roleClaim' | 'teacherValues' | 'groupsClaim';
const TEXT_FIELDS: { key: TextField; ltr: boolean }[] = [
  { key: 'label', ltr: false },
  { key: 'subjectAttribute', ltr: true },
  { key: 'linkClaim', ltr: true },
  { key: 'roleClaim', ltr: true },
  { key: 'teacherValues', ltr: true },
  { key: 'groupsClaim', ltr: true },
];

const SOON_MS = 30 * 24 * 3600_000;

function blankSettings(): SamlSettings {
  return { ...SamlSettingsSchema.parse({ label: 'x' }), label: '' };
}

function Certificate({ cert }: { cert: SamlCertificate }) {
  const { t } = useTranslation();
  // the moment the section opened is now enough for a warning counted in days
  const [openedAt] = useState(() => Date.now());
  const until = new Date(cert.notAfter);
  const left = until.getTime() - openedAt;
  const warning = left <= 0 ? 'certificateExpired' : left < SOON_MS ? 'certificateExpiring' : null;
  return (
    <li className="grid gap-1">
      <span>
        {t('samlSettings.certificate', {
          subject: cert.subject,
          date: formatDateTime(until, { dateStyle: 'medium' }),
        })}
      </span>
      <span className="text-xs text-muted-foreground">
        {t('samlSettings.fingerprint')}:{' '}
        <bdi dir="ltr" className="font-mono break-all">
          {cert.fingerprint}
        </bdi>
      </span>
      {warning && (
        <MessageBox tone="notice" icon={TriangleAlert}>
          {t(`samlSettings.${warning}`)}
        </MessageBox>
      )}
    </li>
  );
}

function StoredProvider({ idp }: { idp: SamlSettingsView['idp'] }) {
  const { t } = useTranslation();
  if (!idp) return <p className="text-sm text-muted-foreground">{t('samlSettings.idpNone')}</p>;
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-2">
        {(
          [
            [t('samlSettings.idpEntityId'), idp.entityId],
            [t('samlSettings.idpSsoUrl'), idp.ssoUrl],
            [t('samlSettings.idpSloUrl'), idp.sloUrl ?? t('samlSettings.idpSloNone')],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="font-medium">{term}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono break-all">
                {value}
              </bdi>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="grid gap-3">
        {idp.certificates.map((cert) => (
          <Certificate key={cert.fingerprint} cert={cert} />
        ))}
      </ul>
    </div>
  );
}

function SamlForm({ view }: { view: SamlSettingsView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSamlSettings();
  const [values, setValues] = useState<SamlSettings>(view.settings ?? blankSettings());
  const [metadataXml, setMetadataXml] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const fieldLabel = (key: TextField) => t(`samlSettings.fields.${key}`);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SamlSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0]) as TextField))];
      setLocalError(t('samlSettings.invalid', { fields: fields.map(fieldLabel).join(', ') }));
      return;
    }
    setLocalError(null);
    save.mutate(
      { ...parsed.data, ...(metadataXml.trim() ? { metadataXml } : {}) },
      {
        onSuccess: () => {
          // the provider is stored and shown above; the pasted text is not needed any more
          setMetadataXml('');
          notify({ type: 'success', title: t('samlSettings.saved') });
        },
      },
    );
  };
  const error = localError ?? (save.error ? errorMessage(t, save.error) : null);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ErrorAlert message={error} />
      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-semibold">{t('samlSettings.spTitle')}</legend>
        <ReadOnlyAddress label={t('samlSettings.spEntityId')} value={view.sp.entityId} />
        <ReadOnlyAddress label={t('samlSettings.acsUrl')} value={view.sp.acsUrl} />
        <ReadOnlyAddress
          label={t('samlSettings.sloUrl')}
          value={view.sp.sloUrl}
          hint={t('samlSettings.sloUrlHint')}
        />
        <ul className="grid gap-1 text-sm" aria-label={t('samlSettings.spCertificate')}>
          <Certificate cert={view.sp.certificate} />
        </ul>
        {/* decision 042: the key is sealed with AULA_SECRET_KEY; a new secret key means a new certificate */}
        <MessageBox tone="notice" icon={TriangleAlert}>
          {t('samlSettings.spKeyNote')}
        </MessageBox>
        <a
          href={view.sp.metadataUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-primary underline underline-offset-4"
        >
          {t('samlSettings.openMetadata')}
          <span className="sr-only"> ({t('home.opensInNewTab')})</span>
        </a>
      </fieldset>
      <section aria-labelledby={`${id}-idp`} className="grid gap-2">
        <h3 id={`${id}-idp`} className="text-sm font-semibold">
          {t('samlSettings.idpTitle')}
        </h3>
        <StoredProvider idp={view.idp} />
      </section>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-metadata`}>{t('samlSettings.fields.metadataXml')}</Label>
        <textarea
          id={`${id}-metadata`}
          dir="ltr"
          rows={6}
          spellCheck={false}
          value={metadataXml}
          aria-describedby={`${id}-metadata-hint`}
          onChange={(event) => setMetadataXml(event.target.value)}
          placeholder={'<md:EntityDescriptor …>'}
          className="min-h-24 rounded-md border bg-background px-3 py-2 font-mono text-xs"
        />
        <p id={`${id}-metadata-hint`} className="text-sm text-muted-foreground">
          {t('samlSettings.hints.metadataXml')}
        </p>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
          className="mt-0.5 size-4 accent-primary"
        />
        {t('samlSettings.fields.enabled')}
      </label>
      {TEXT_FIELDS.map(({ key, ltr }) => (
        <FormField
          key={key}
          id={`${id}-${key}`}
          label={fieldLabel(key)}
          hint={key === 'label' ? undefined : t(`samlSettings.hints.${key}`)}
          dir={ltr ? 'ltr' : undefined}
          value={values[key]}
          onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
        />
      ))}
      <AccountMatching
        id={id}
        linkField={values.linkField}
        createUsers={values.createUsers}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** Issue 7: the school's SAML identity provider, set up from its metadata (decision 040). */
export function SamlSettingsSection() {
  const { t } = useTranslation();
  const query = useQuery(samlSettingsQueryOptions());
  return (
    <ProviderSection title={t('samlSettings.title')} intro={t('samlSettings.intro')} query={query}>
      {(view) => <SamlForm view={view} />}
    </ProviderSection>
  );
}
