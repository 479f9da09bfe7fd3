import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogIn, RotateCw } from 'lucide-react';
import type { SsoProtocol } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { goToProvider, ssoInfoQueryOptions } from '../api/sso';
import { authErrorText, mayRetry } from '../lib/auth-error';

/**
 * "Sign in with …" on the login page, one button per identity provider the school has switched on
 * (OIDC: enable_moin_auth; SAML: its settings); followed by "or" and the password form.
 */
export function SsoButton({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const info = useQuery(ssoInfoQueryOptions());
  const [pending, setPending] = useState<SsoProtocol | null>(null);
  const [failed, setFailed] = useState<{ protocol: SsoProtocol; error: unknown } | null>(null);
  const providers = info.data?.providers ?? [];
  if (providers.length === 0) return null;
  const start = (protocol: SsoProtocol) => {
    setPending(protocol);
    setFailed(null);
    goToProvider(protocol, returnTo).catch((error: unknown) => {
      setPending(null);
      setFailed({ protocol, error });
    });
  };
  const error = failed?.error;
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
          onClick={() => start(protocol)}
        >
          <LogIn aria-hidden="true" />
          {t('sso.button', { label })}
        </Button>
      ))}
      {/* the provider did not answer: the user stays here, with the same sign-in to try again (decision 078) */}
      <ErrorAlert message={failed ? authErrorText(t, error) : null}>
        {failed && mayRetry(error) ? (
          <Button type="button" size="sm" variant="outline" onClick={() => start(failed.protocol)}>
            <RotateCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        ) : null}
      </ErrorAlert>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('sso.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
