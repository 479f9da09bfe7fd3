import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import type { SsoSessionResult } from '@aula/contracts';
import { completeOidc, completeSaml, goToProvider, safeReturnTo, ssoInfoQueryOptions } from '../api/sso';
import { authErrorText, errorCode, mayRetry } from '../lib/auth-error';
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

function Failure({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorAlert message={authErrorText(t, error)}>
        {retry && mayRetry(error) ? (
          <Button type="button" size="sm" variant="outline" onClick={retry}>
            <RotateCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        ) : null}
      </ErrorAlert>
      <Link to="/login" className={linkClass}>
        {t('sso.backToLogin')}
      </Link>
    </>
  );
}

const searchParam = (name: string) => new URLSearchParams(window.location.search).get(name);

/**
 * /sso and /login/moin (spec 2.1): straight on to the school's identity provider, for schools whose
 * people have no password here. `?returnTo=/path` says where to land afterwards; /sso takes the first
 * provider the login page offers (`?via=saml` picks SAML), /login/moin always the OpenID provider.
 */
export function SsoRedirectPage() {
  const { t } = useTranslation();
  const info = useQuery(ssoInfoQueryOptions());
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const providers = info.data?.providers;
  const wanted = window.location.pathname === '/login/moin' ? 'oidc' : searchParam('via');
  const provider = providers?.find((p) => p.protocol === wanted) ?? providers?.[0];
  const go = useCallback(() => {
    setError(null);
    // nothing switched on: the server's "not set up" answer is the message
    goToProvider(provider?.protocol ?? 'oidc', safeReturnTo(searchParam('returnTo'))).catch(setError);
  }, [provider]);
  useEffect(() => {
    if (started.current || !providers) return;
    started.current = true;
    go();
  }, [providers, go]);
  const failure = error ?? (info.isError ? info.error : null);
  const label = provider?.label;
  return (
    <Card>
      {failure ? (
        // the provider did not answer: try again from here (decision 078)
        <Failure error={failure} retry={error ? go : undefined} />
      ) : (
        <Progress text={label ? t('sso.redirecting', { label }) : t('sso.redirectingGeneric')} />
      )}
    </Card>
  );
}

/**
 * Hands the provider's answer to the server once, then goes where the sign-in began; a refusal ends on
 * the login page with the reason. The address bar loses the one-time values before anything else happens.
 */
function SsoCallback({ complete }: { complete: (search: URLSearchParams) => Promise<SsoSessionResult> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const search = new URLSearchParams(window.location.search);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    complete(search)
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
  }, [complete, navigate, queryClient]);
  return <Card>{error ? <Failure error={error} /> : <Progress text={t('sso.completing')} />}</Card>;
}

const completeFromQuery = (search: URLSearchParams) => completeOidc(`?${search.toString()}`);
const completeFromHandle = (search: URLSearchParams) => {
  const state = search.get('state');
  if (state) return completeSaml(state);
  // opened without the handle (a bookmark, a copied address): the same answer the server gives a bad one
  const body = { code: 'sso.state_invalid', message: 'no sign-in handle' };
  return Promise.reject(new ApiError('/api/login/saml/complete', 400, 'Bad Request', body));
};

/** /oidc/callback: the OpenID provider sent the browser back with a code and the state. */
export function OidcCallbackPage() {
  return <SsoCallback complete={completeFromQuery} />;
}

/** /saml/callback: the assertion consumer service checked the answer and sent the browser on with a handle. */
export function SamlCallbackPage() {
  return <SsoCallback complete={completeFromHandle} />;
}
