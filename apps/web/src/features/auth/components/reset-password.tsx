import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_EMAIL_LENGTH,
  PASSWORD_RULES,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MS,
  type PasswordRule,
} from '@aula/contracts';
import { PasswordField, UsernameField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { PasswordRules, usePasswordCheck } from '@/components/password-rules';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { schoolIdentityQueryOptions } from '@/lib/school-identity';
import { useRequestResetCode, useResetPassword } from '../api/reset-code';
import { authErrorText, errorCode } from '../lib/auth-error';
import { loadRequestSchemas } from '../lib/load-request-schemas';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { BackButton, linkClass, type ResetStep } from './auth-form-parts';

interface ResetPasswordProps {
  step: ResetStep;
  username: string;
  onUsername: (username: string) => void;
  onStep: (step: ResetStep | undefined) => void;
  onDone: () => void;
}

/** The rules a 400 password.rules names (issue codes `password.<rule>`). */
function brokenRules(error: unknown): PasswordRule[] {
  if (!(error instanceof ApiError)) return [];
  const codes = (error.errorBody?.issues ?? []).map((issue) => issue.code.replace(/^password\./, ''));
  return PASSWORD_RULES.filter((rule) => codes.includes(rule));
}

/** Codes that cannot succeed any more: the user needs a new one. */
const NEW_CODE_ERRORS = new Set(['auth.too_many_tries', 'auth.reset_timeout']);

/**
 * issue 5 item 6: "Forgot password?" on /login. Step `request` sends a code to the account's
 * e-mail address (the same answer for unknown accounts); step `code` takes the code and the new
 * password with the rules shown live; success returns to the sign-in form with a notice. Its first line says
 * the teacher can give a new password; without a mail transport the code goes to the school's outbox, which
 * admins read, and no text promises an e-mail (issue 19 item 6, decision 059).
 */
export function ResetPassword({ step, username, onUsername, onStep, onDone }: ResetPasswordProps) {
  const { t } = useTranslation();
  const id = useId();
  const request = useRequestResetCode();
  // without a mail transport no code reaches the pupil's mailbox: the teacher is the way back in (decision 059)
  const school = useQuery(schoolIdentityQueryOptions());
  const noMail = school.data?.mailTransport === false;
  const reset = useResetPassword();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<{ text: string; rules?: PasswordRule[]; newCode?: boolean } | null>(
    null,
  );
  const nameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorId = `${id}-error`;
  const rulesId = `${id}-rules`;

  // The typed name is one of the names a password must not contain; an e-mail address is not.
  const names = username.includes('@') || username.trim() === '' ? [] : [username.trim()];
  const check = usePasswordCheck(password, { names, confirmation });

  // A new step (also by the browser's Back) starts without the last step's error.
  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    setShownStep(step);
    setError(null);
  }
  useEffect(() => headingRef.current?.focus(), [step]);

  const onRequest = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schemas = await loadRequestSchemas().catch((failure: unknown) => {
      setError({ text: authErrorText(t, failure) });
      return null;
    });
    if (!schemas) return;
    const body = schemas.ResetCodeRequestSchema.safeParse({ username });
    if (!body.success) {
      setError({ text: t('reset.nameMissing') });
      nameRef.current?.focus();
      return;
    }
    setError(null);
    request.mutate(body.data, {
      onSuccess: () => {
        setSent(true);
        setCode('');
        onStep('code');
      },
      onError: (failure) => {
        setError({ text: authErrorText(t, failure) });
        nameRef.current?.focus();
      },
    });
  };

  const onReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (username.trim() === '' || code.trim() === '') {
      setError({ text: t('reset.codeMissing') });
      (username.trim() === '' ? nameRef : codeRef).current?.focus();
      return;
    }
    if (!check.ok) {
      setError({ text: t('errors.password.rules') });
      passwordRef.current?.focus();
      return;
    }
    const schemas = await loadRequestSchemas().catch((failure: unknown) => {
      setError({ text: authErrorText(t, failure) });
      return null;
    });
    if (!schemas) return;
    const body = schemas.ResetCodeResetSchema.safeParse({ username, code, password });
    if (!body.success) {
      setError({ text: t('errors.auth.wrong_code') });
      codeRef.current?.focus();
      return;
    }
    setError(null);
    reset.mutate(body.data, {
      onSuccess: () => {
        setPassword('');
        setConfirmation('');
        setCode('');
        onDone();
      },
      onError: (failure) => {
        const failed = errorCode(failure);
        const rules = brokenRules(failure);
        setError({
          text: authErrorText(t, failure),
          rules: rules.length > 0 ? rules : undefined,
          newCode: failed !== undefined && NEW_CODE_ERRORS.has(failed),
        });
        if (failed === 'password.rules') {
          passwordRef.current?.focus();
        } else {
          setCode('');
          codeRef.current?.focus();
        }
      },
    });
  };

  const messages = (notice: string | null) => (
    <>
      <ErrorAlert id={errorId} message={error?.text} />
      <NoticeStatus message={error?.text ? null : notice} />
      {error?.rules && (
        <ul className="-mt-2 list-disc ps-9 text-sm" aria-label={t('reset.brokenRules')}>
          {error.rules.map((rule) => (
            <li key={rule}>{t(`passwordRules.${rule}`)}</li>
          ))}
        </ul>
      )}
      {error?.newCode && (
        <Button type="button" variant="outline" onClick={() => onStep('request')}>
          {t('reset.newCode')}
        </Button>
      )}
    </>
  );

  const describedBy = error ? errorId : undefined;

  // The same account field on both steps (the request step also marks it when the request fails).
  // A function, not a component: a component made here would be new on every render and lose focus.
  const nameField = (aria: Pick<ComponentProps<'input'>, 'aria-invalid' | 'aria-describedby'> = {}) => (
    <UsernameField
      ref={nameRef}
      id={`${id}-name`}
      label={t('reset.name')}
      required
      maxLength={MAX_EMAIL_LENGTH}
      value={username}
      onChange={(event) => onUsername(event.target.value)}
      {...aria}
    />
  );

  if (step === 'request') {
    return (
      <>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {t('reset.title')}
        </h2>
        {school.isPending ? (
          <Spinner />
        ) : (
          <>
            <p className="mb-2 text-sm font-medium">
              {noMail ? t('reset.askTeacherNoMail') : t('reset.askTeacher')}
            </p>
            <p className="mb-4 text-sm text-muted-foreground">
              {noMail ? t('reset.requestIntroNoMail') : t('reset.requestIntro')}
            </p>
            <form noValidate onSubmit={(event) => void onRequest(event)} className="flex flex-col gap-4">
              {messages(null)}
              {nameField({ 'aria-invalid': error !== null || undefined, 'aria-describedby': describedBy })}
              <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
                {t('reset.send')}
              </Button>
            </form>
          </>
        )}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <BackButton onClick={() => onStep(undefined)}>{t('reset.backToSignIn')}</BackButton>
          <button type="button" className={`text-sm ${linkClass}`} onClick={() => onStep('code')}>
            {t('reset.haveCode')}
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('reset.codeTitle')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {t(noMail ? 'reset.codeIntroNoMail' : 'reset.codeIntro', { minutes: RESET_CODE_TTL_MS / 60_000 })}
      </p>
      <form noValidate onSubmit={(event) => void onReset(event)} className="flex flex-col gap-4">
        {messages(sent ? t(noMail ? 'reset.sentNoMail' : 'reset.sent') : null)}
        {nameField()}
        <FormField
          ref={codeRef}
          id={`${id}-code`}
          label={t('reset.code')}
          name="code"
          dir="ltr"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={RESET_CODE_LENGTH * 2}
          className="font-mono tracking-widest"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={(error !== null && !error.rules) || undefined}
          aria-describedby={describedBy}
        />
        <PasswordField
          ref={passwordRef}
          id={`${id}-password`}
          label={t('reset.newPassword')}
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error?.rules !== undefined || undefined}
          aria-describedby={describedBy ? `${describedBy} ${rulesId}` : rulesId}
        />
        <PasswordField
          id={`${id}-confirm`}
          label={t('reset.confirmPassword')}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <div className="rounded-md border bg-muted/50 px-3 py-2">
          <p className="mb-1 text-sm font-medium">{t('passwordRules.title')}</p>
          <PasswordRules check={check} id={rulesId} />
        </div>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <BackButton onClick={() => onStep(undefined)}>{t('reset.backToSignIn')}</BackButton>
        <button type="button" className={`text-sm ${linkClass}`} onClick={() => onStep('request')}>
          {t('reset.newCode')}
        </button>
      </div>
    </>
  );
}
