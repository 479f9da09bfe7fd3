import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { goToProvider, ssoInfoQueryOptions } from '../api/sso';
import { authErrorText } from '../lib/auth-error';

/**
 * "Sign in with …" on the login page, only while the school has switched its identity provider on
 * (enable_moin_auth); followed by "or" and the password form.
 */
export function SsoButton({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const info = useQuery(ssoInfoQueryOptions());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!info.data?.enabled || !info.data.label) return null;
  const label = info.data.label;
  return (
    <div className="mb-2 grid gap-3">
      <Button
        type="button"
        size="lg"
        variant="outline"
        className="w-full"
        loading={pending}
        onClick={() => {
          setPending(true);
          setError(null);
          goToProvider(returnTo).catch((err: unknown) => {
            setPending(false);
            setError(err);
          });
        }}
      >
        <LogIn aria-hidden="true" />
        {t('sso.button', { label })}
      </Button>
      <div role="alert" className="text-sm text-destructive empty:hidden">
        {error ? authErrorText(t, error) : null}
      </div>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('sso.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
