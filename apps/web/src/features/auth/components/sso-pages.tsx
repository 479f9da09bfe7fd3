import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { MessageBox } from '@/components/message-box';
import { Spinner } from '@/components/ui/spinner';
import { startSession } from '@/lib/session';
import { completeOidc, goToProvider, safeReturnTo, ssoInfoQueryOptions } from '../api/sso';
import { authErrorText, errorCode } from '../lib/auth-error';
import { linkClass } from './auth-form-parts';

function Card({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-sm gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <h1 className="text-xl font-semibold">{t('sso.title')}</h1>
      {children}
    </div>
  );
}

function Progress({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-4" />
      {text}
    </p>
  );
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="alert">
        <MessageBox tone="error" icon={TriangleAlert}>
          {authErrorText(t, error)}
        </MessageBox>
      </div>
      <Link to="/login" className={linkClass}>
        {t('sso.backToLogin')}
      </Link>
    </>
  );
}

/**
 * /sso and /login/moin (spec 2.1): straight on to the school's identity provider, for schools whose
 * people have no password here. `?returnTo=/path` says where to land afterwards.
 */
export function SsoRedirectPage() {
  const { t } = useTranslation();
  const info = useQuery(ssoInfoQueryOptions());
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'));
    goToProvider(returnTo).catch(setError);
  }, []);
  return (
    <Card>
      {error ? (
        <Failure error={error} />
      ) : (
        <Progress
          text={
            info.data?.label ? t('sso.redirecting', { label: info.data.label }) : t('sso.redirectingGeneric')
          }
        />
      )}
    </Card>
  );
}

/**
 * /oidc/callback: hands the provider's answer to the server once, then goes where the sign-in began;
 * a refusal ends on the login page with the reason.
 */
export function OidcCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // the code is single-use: it leaves the address bar (and history) before anything else happens
    const query = window.location.search;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    completeOidc(query)
      .then(async (result) => {
        await startSession(queryClient, result);
        await navigate({ href: safeReturnTo(result.returnTo) ?? '/', replace: true });
      })
      .catch((err: unknown) => {
        const code = errorCode(err);
        if (code?.startsWith('sso.') || code === 'auth.account_disabled')
          void navigate({ to: '/login', search: { sso: code }, replace: true });
        else setError(err);
      });
  }, [navigate, queryClient]);
  return <Card>{error ? <Failure error={error} /> : <Progress text={t('sso.completing')} />}</Card>;
}
