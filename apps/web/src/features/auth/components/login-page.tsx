import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loginBackgroundStyle } from '@/lib/login-background';
import { TOTP_DIGITS } from '@aula/contracts';
import { PasswordField, UsernameField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { LanguageMenu } from '@/components/language-menu';
import { BrandLogo } from '@/components/logo';
import { SiteFooter } from '@/components/site-footer';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { configFlag, configText, useConfig, type AppConfig } from '@/lib/config';
import { useConfigText } from '@/lib/config-texts';
import { useSchoolName } from '@/lib/school';
import { useLogin } from '../api/login';
import { authErrorText, errorCode } from '../lib/auth-error';
import { loadRequestSchemas, prefetchRequestSchemas } from '../lib/load-request-schemas';
import { BackButton, linkClass, type ResetStep } from './auth-form-parts';
import { SsoButton } from './sso-button';

// lazy: most visits never open the reset form, so its code stays off the first paint (issue 17's budget)
const ResetPassword = lazy(() => import('./reset-password').then((m) => ({ default: m.ResetPassword })));
// lazy too: it shows only while a flooded address's challenge is solved (decision 074)
const ChallengeProgress = lazy(() =>
  import('./challenge-progress').then((m) => ({ default: m.ChallengeProgress })),
);

type FormError = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'server'; error: unknown };

// a sign-in answered with a challenge solves it and sends again; a solution refused this often is given up
const MAX_CHALLENGE_ROUNDS = 3;

function useFormErrorText(
  formError: FormError | null,
  missingKey: 'login.missingFields' | 'login.codeMissing',
) {
  const { t } = useTranslation();
  // Translated at render time, so the message follows a language switch.
  if (formError === null) return null;
  if (formError.kind === 'missing') return t(missingKey);
  if (formError.kind === 'invalid') {
    return missingKey === 'login.codeMissing' ? t('login.codeInvalid') : t('errors.common.validation');
  }
  return authErrorText(t, formError.error);
}

/** spec 3.5 login_bg with login_bg_strat: the school's picture behind the sign-in card (our own path only). */
function loginBackground(config: AppConfig): CSSProperties | undefined {
  const url = configText(config, 'login_bg');
  if (!url.startsWith('/api/config/login-bg/image')) return undefined;
  return loginBackgroundStyle(url, configText(config, 'login_bg_strat'));
}

/** `roomCode`: the room-code field (issue 21), placed by the app so that sign-in needs no video code. */
export function LoginPage({ roomCode }: { roomCode?: ReactNode } = {}) {
  const { t } = useTranslation();
  const config = useConfig();
  const school = useSchoolName();
  const { reset, sso } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const login = useLogin();
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<FormError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // solving the server's proof of work: many failed sign-ins came from this network (decision 074)
  const [checking, setChecking] = useState(false);
  const challengeRounds = useRef(0);
  const formErrorText = useFormErrorText(
    formError,
    step === 'totp' ? 'login.codeMissing' : 'login.missingFields',
  );
  // a refused sign-in through the school's identity provider ends here with its reason
  const errorText = formErrorText ?? (sso ? t(`errors.${sso}` as 'errors.sso.failed') : null);

  // the key answers the German text; the reader's language comes from the per-language texts
  const germanMessage = configText(config, 'login_msg').trim();
  const localMessage = useConfigText('login_msg', germanMessage !== '');
  const loginMessage = (localMessage.text.trim() || germanMessage).trim();
  const errorId = `${id}-error`;

  useEffect(() => {
    if (step === 'totp') codeRef.current?.focus();
  }, [step]);

  useEffect(prefetchRequestSchemas, []);

  const send = async (totp?: string, altcha?: string) => {
    if (altcha === undefined) challengeRounds.current = 0;
    let schemas: Awaited<ReturnType<typeof loadRequestSchemas>>;
    try {
      schemas = await loadRequestSchemas();
    } catch (error) {
      setFormError({ kind: 'server', error });
      return;
    }
    const request = schemas.LoginRequestSchema.safeParse({ username, password, totp, altcha });
    if (!request.success) {
      setFormError({ kind: username.trim() === '' || password === '' ? 'missing' : 'invalid' });
      return;
    }
    setFormError(null);
    setNotice(null);
    login.mutate(request.data, {
      onError: (error) => {
        // The network is flooded with failed sign-ins: this browser proves its work and sends again,
        // keeping everything typed (decision 074).
        if (
          errorCode(error) === 'auth.challenge_required' &&
          challengeRounds.current++ < MAX_CHALLENGE_ROUNDS
        ) {
          setChecking(true);
          import('../lib/solve-challenge')
            .then(({ solveLoginChallenge }) => solveLoginChallenge(error))
            .then((solved) => void send(totp, solved))
            .catch(() => setFormError({ kind: 'server', error }))
            .finally(() => setChecking(false));
          return;
        }
        // The password was right: the second step asks for the code (spec 2.5 totp, issue 5).
        if (errorCode(error) === 'auth.totp_missing' && step === 'password') {
          setStep('totp');
          setCode('');
          return;
        }
        setFormError({ kind: 'server', error });
        // Nothing the user typed is lost but the secret that was refused.
        if (step === 'totp' && errorCode(error) !== 'auth.wrong_password') {
          setCode('');
          codeRef.current?.focus();
          return;
        }
        setStep('password');
        setPassword('');
        passwordRef.current?.focus();
      },
    });
  };

  const onPasswordSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const onCodeSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (digits === '') {
      setFormError({ kind: 'missing' });
      codeRef.current?.focus();
      return;
    }
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits)) {
      setFormError({ kind: 'invalid' });
      codeRef.current?.focus();
      return;
    }
    void send(digits);
  };

  const backToPassword = () => {
    setStep('password');
    setPassword('');
    setCode('');
    setFormError(null);
  };

  const goReset = (to: ResetStep | undefined) =>
    void navigate({ to: '/login', search: (prev) => ({ ...prev, reset: to }) });

  const challengeStatus = (
    <div role="status" className="empty:absolute">
      {checking && (
        <Suspense fallback={<Spinner />}>
          <ChallengeProgress />
        </Suspense>
      )}
    </div>
  );

  const field = (invalid: boolean) => ({
    'aria-invalid': invalid || undefined,
    'aria-describedby': errorText ? errorId : undefined,
  });

  return (
    <div className="flex min-h-dvh flex-col" style={loginBackground(config)}>
      <header className="flex justify-end gap-1 p-2">
        <LanguageMenu />
        <ThemeToggle />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="outline-none flex flex-1 items-start justify-center px-4 pb-12 desktop:items-center"
      >
        <div className="w-full max-w-sm rounded-xl border bg-card p-6 text-card-foreground shadow-sm desktop:p-8">
          <div className="mb-6 flex flex-col items-center gap-2 text-center">
            <BrandLogo className="size-12" />
            <h1 className="text-2xl font-bold tracking-tight">
              <bdi>{school}</bdi>
            </h1>
            <p className="text-sm text-muted-foreground">{t('app.tagline')}</p>
          </div>

          {loginMessage !== '' && (
            <section
              dir="auto"
              aria-label={t('login.schoolMessage')}
              className="mb-6 rounded-md border bg-muted px-3 py-2 text-sm whitespace-pre-line text-foreground"
            >
              {loginMessage}
            </section>
          )}

          {reset ? (
            <Suspense fallback={<Spinner />}>
              <ResetPassword
                step={reset}
                username={username}
                onUsername={setUsername}
                onStep={goReset}
                onDone={() => {
                  setPassword('');
                  setFormError(null);
                  setStep('password');
                  setNotice(t('reset.done'));
                  goReset(undefined);
                }}
              />
            </Suspense>
          ) : step === 'password' ? (
            <>
              <h2 className="text-lg font-semibold">{t('login.title')}</h2>
              <p className="mb-4 text-sm text-muted-foreground">{t('login.intro')}</p>
              <SsoButton />
              <form noValidate onSubmit={onPasswordSubmit} className="flex flex-col gap-4">
                <ErrorAlert id={errorId} message={errorText} />
                <NoticeStatus message={errorText ? null : notice} />
                {challengeStatus}
                <UsernameField
                  id={`${id}-username`}
                  label={t('login.username')}
                  required
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  {...field(formError !== null)}
                />
                <PasswordField
                  ref={passwordRef}
                  id={`${id}-password`}
                  label={t('login.password')}
                  labelAside={
                    <Link
                      to="/login"
                      search={(prev) => ({ ...prev, reset: 'request' as const })}
                      className={`text-sm ${linkClass}`}
                    >
                      {t('reset.link')}
                    </Link>
                  }
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  {...field(formError !== null)}
                />
                <Button type="submit" size="lg" className="w-full" loading={login.isPending || checking}>
                  {t('login.submit')}
                </Button>
              </form>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold">{t('login.codeTitle')}</h2>
              <p className="mb-4 text-sm text-muted-foreground">{t('login.codeIntro')}</p>
              <form noValidate onSubmit={onCodeSubmit} className="flex flex-col gap-4">
                <ErrorAlert id={errorId} message={errorText} />
                {challengeStatus}
                <FormField
                  ref={codeRef}
                  id={`${id}-code`}
                  label={t('login.code')}
                  name="totp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={TOTP_DIGITS + 2}
                  dir="ltr"
                  className="text-center font-mono text-lg tracking-[0.3em] desktop:text-lg"
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
                  {...field(formError !== null)}
                >
                  <p className="text-sm text-muted-foreground">
                    {t('login.codeHint', { user: username.trim() })}
                  </p>
                </FormField>
                <Button type="submit" size="lg" className="w-full" loading={login.isPending || checking}>
                  {t('login.codeSubmit')}
                </Button>
              </form>
              <p className="mt-4">
                <BackButton onClick={backToPassword}>{t('login.codeBack')}</BackButton>
              </p>
            </>
          )}

          {roomCode && step === 'password' && !reset && <div className="mt-6 border-t pt-6">{roomCode}</div>}

          {configFlag(config, 'allow_no_login') && !reset && (
            <p className="mt-6 text-center text-sm">
              <Link to="/" className={linkClass}>
                {t('login.continueWithout')}
              </Link>
            </p>
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
