import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import type { SsoProtocol } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { goToProvider, ssoInfoQueryOptions } from '../api/sso';
import { authErrorText } from '../lib/auth-error';

/**
 * "Sign in with …" on the login page, one button per identity provider the school has switched on
 * (OIDC: enable_moin_auth; SAML: its settings); followed by "or" and the password form.
 */
export function SsoButton({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const info = useQuery(ssoInfoQueryOptions());
  const [pending, setPending] = useState<SsoProtocol | null>(null);
  const [error, setError] = useState<unknown>(null);
  const providers = info.data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="mb-2 grid gap-3">
      {providers.map(({ protocol, label }) => (
        <Button
          key={protocol}
          type="button"
          size="lg"
          variant="outline"
          className="w-full"
          loading={pending === protocol}
          disabled={pending !== null && pending !== protocol}
          onClick={() => {
            setPending(protocol);
            setError(null);
            goToProvider(protocol, returnTo).catch((err: unknown) => {
              setPending(null);
              setError(err);
            });
          }}
        >
          <LogIn aria-hidden="true" />
          {t('sso.button', { label })}
        </Button>
      ))}
      <ErrorAlert message={error ? authErrorText(t, error) : null} />
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('sso.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
