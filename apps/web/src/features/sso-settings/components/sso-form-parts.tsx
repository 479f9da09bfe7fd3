import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryGate } from '@/components/query-gate';
import { OIDC_LINK_FIELDS, type OidcLinkField } from '@aula/contracts';
import { Label } from '@/components/ui/label';

// What the OpenID and the SAML settings forms share (decisions 038, 040).

/** A settings section for one identity provider: title, intro, then its form once the settings are loaded. */
export function ProviderSection<T>({
  title,
  intro,
  query,
  children,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<T>;
  children: (view: T) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm">{intro}</p>
      <QueryGate query={query}>{children}</QueryGate>
    </section>
  );
}

/** Which account field the first sign-in compares with, and whether unknown people get an account. */
export function AccountMatching({
  id,
  linkField,
  createUsers,
  onChange,
}: {
  id: string;
  linkField: OidcLinkField;
  createUsers: boolean;
  onChange: (patch: { linkField?: OidcLinkField; createUsers?: boolean }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-linkField`}>{t('ssoSettings.fields.linkField')}</Label>
        <select
          id={`${id}-linkField`}
          value={linkField}
          onChange={(event) => onChange({ linkField: event.target.value as OidcLinkField })}
          className="h-9 rounded-md border bg-background px-3 text-sm"
        >
          {OIDC_LINK_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`ssoSettings.linkFields.${field}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={createUsers}
          onChange={(event) => onChange({ createUsers: event.target.checked })}
          className="mt-0.5 size-4 accent-primary"
        />
        {t('ssoSettings.fields.createUsers')}
      </label>
    </>
  );
}
