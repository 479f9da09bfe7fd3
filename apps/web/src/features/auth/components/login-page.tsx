import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import { LoginRequestSchema, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, PRODUCT_NAME } from '@aula/contracts';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { configFlag, configText, useConfig } from '@/lib/config';
import { errorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';

type FormError = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'server'; error: unknown };

export function LoginPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const login = useLogin();
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<FormError | null>(null);

  const loginMessage = configText(config, 'login_msg').trim();
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = LoginRequestSchema.safeParse({ username, password });
    if (!request.success) {
      setFormError({ kind: username.trim() === '' || password === '' ? 'missing' : 'invalid' });
      return;
    }
    setFormError(null);
    login.mutate(request.data, {
      onError: (error) => {
        setFormError({ kind: 'server', error });
        setPassword('');
        passwordRef.current?.focus();
      },
    });
  };

  // Translated at render time, so the message follows a language switch.
  const errorText =
    formError === null
      ? null
      : formError.kind === 'missing'
        ? t('login.missingFields')
        : formError.kind === 'invalid'
          ? t('errors.common.validation')
          : errorMessage(t, formError.error);

  return (
    <div className="flex min-h-dvh flex-col">
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
            {configFlag(config, 'show_lara_logo') && <Logo className="size-12" />}
            <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
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

          <h2 className="text-lg font-semibold">{t('login.title')}</h2>
          <p className="mb-4 text-sm text-muted-foreground">{t('login.intro')}</p>

          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <div role="alert" id={errorId}>
              {errorText && (
                <p className="flex items-start gap-2 rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm">
                  <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  <span>{errorText}</span>
                </p>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-username`}>{t('login.username')}</Label>
              <Input
                id={`${id}-username`}
                name="username"
                dir="auto"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={MAX_USERNAME_LENGTH}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-invalid={formError !== null || undefined}
                aria-describedby={errorText ? errorId : undefined}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-password`}>{t('login.password')}</Label>
              <Input
                ref={passwordRef}
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={MAX_PASSWORD_LENGTH}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={formError !== null || undefined}
                aria-describedby={errorText ? errorId : undefined}
              />
            </div>
            <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </form>

          {configFlag(config, 'allow_no_login') && (
            <p className="mt-6 text-center text-sm">
              <Link
                to="/"
                className="rounded-sm text-primary underline-offset-4 outline-ring hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                {t('login.continueWithout')}
              </Link>
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
