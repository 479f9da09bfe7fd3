import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { OidcSettingsSchema, type OidcSettings, type OidcSettingsView } from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { oidcSettingsQueryOptions, useSaveOidcSettings } from '../api/oidc-settings';
import { ReadOnlyAddress } from './read-only-address';
import { AccountMatching, ProviderSection } from './sso-form-parts';

type TextField = Exclude<keyof OidcSettings, 'linkField' | 'createUsers'>;
const TEXT_FIELDS: { key: TextField; ltr: boolean; hint?: Exclude<TextField, 'clientId'> }[] = [
  { key: 'label', ltr: false, hint: 'label' },
  { key: 'issuer', ltr: true, hint: 'issuer' },
  { key: 'clientId', ltr: true },
  { key: 'scopes', ltr: true, hint: 'scopes' },
  { key: 'linkClaim', ltr: true, hint: 'linkClaim' },
  { key: 'roleClaim', ltr: true, hint: 'roleClaim' },
  { key: 'teacherValues', ltr: true, hint: 'teacherValues' },
  { key: 'groupsClaim', ltr: true, hint: 'groupsClaim' },
];

/** A school without a provider yet: the schema's defaults, and the three fields it must fill in empty. */
function blankSettings(): OidcSettings {
  const defaults = OidcSettingsSchema.parse({
    issuer: 'https://provider.invalid',
    clientId: 'x',
    label: 'x',
  });
  return { ...defaults, issuer: '', clientId: '', label: '' };
}

function OidcForm({ view }: { view: OidcSettingsView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveOidcSettings();
  const stored = view.settings ?? blankSettings();
  const [values, setValues] = useState<OidcSettings>(stored);
  const [secret, setSecret] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = OidcSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0]) as keyof OidcSettings))];
      setLocalError(
        t('ssoSettings.invalid', { fields: fields.map((f) => t(`ssoSettings.fields.${f}`)).join(', ') }),
      );
      return;
    }
    if (!view.clientSecretSet && !secret) {
      setLocalError(t('ssoSettings.secretRequired'));
      return;
    }
    setLocalError(null);
    save.mutate(
      { ...parsed.data, ...(secret ? { clientSecret: secret } : {}) },
      {
        onSuccess: () => {
          setSecret('');
          notify({ type: 'success', title: t('ssoSettings.saved') });
        },
      },
    );
  };
  const error = localError ?? (save.error ? errorMessage(t, save.error) : null);
  const set = (key: TextField, value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ErrorAlert message={error} />
      <ReadOnlyAddress
        label={t('ssoSettings.redirectUri')}
        value={view.redirectUri}
        hint={t('ssoSettings.redirectUriHint')}
      />
      <ReadOnlyAddress
        label={t('ssoSettings.postLogoutRedirectUri')}
        value={view.postLogoutRedirectUri}
        hint={t('ssoSettings.postLogoutRedirectUriHint')}
      />
      {TEXT_FIELDS.map(({ key, ltr, hint }) => (
        <FormField
          key={key}
          id={`${id}-${key}`}
          label={t(`ssoSettings.fields.${key}`)}
          hint={
            hint === 'issuer' ? (
              // the path stays one left-to-right run inside Arabic and Persian sentences
              <Trans
                i18nKey="ssoSettings.hints.issuer"
                components={{ path: <bdi dir="ltr" className="whitespace-nowrap" /> }}
              />
            ) : hint ? (
              t(`ssoSettings.hints.${hint}`)
            ) : undefined
          }
          dir={ltr ? 'ltr' : undefined}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      ))}
      <FormField
        id={`${id}-secret`}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        label={t('ssoSettings.fields.clientSecret')}
        hint={view.clientSecretSet ? t('ssoSettings.hints.secretSet') : t('ssoSettings.hints.clientSecret')}
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
      />
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

/** Issue 7: the school's OpenID provider ("moin") as admins configure it; the secret never comes back. */
export function OidcSettingsSection() {
  const { t } = useTranslation();
  const query = useQuery(oidcSettingsQueryOptions());
  return (
    <ProviderSection title={t('ssoSettings.title')} intro={t('ssoSettings.intro')} query={query}>
      {(view) => <OidcForm view={view} />}
    </ProviderSection>
  );
}
