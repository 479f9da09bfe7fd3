import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Copy, ExternalLink, LogIn, ShieldCheck, ShieldOff } from 'lucide-react';
import { TOTP_DIGITS, TotpCodeSchema, type ReauthInfo, type TotpSetup } from '@aula/contracts';
import { PasswordField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogFooter, FormFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useDeleteTotp } from '../api/delete-totp';
import { reauthQueryOptions, signInAgain } from '../api/reauth';
import { totpSetupQueryOptions } from '../api/get-totp-setup';
import { useVerifyTotp } from '../api/verify-totp';
import { useRequiredDialog } from '../lib/required-dialog';
import { errorCode, formErrorText } from '../lib/server-error';
import { groupKey } from '../lib/totp-key';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import {
  AccountDialogFrame,
  CancelOrSignOut,
  NotWhileImpersonating,
  SignOutInstead,
} from './account-dialog-frame';

function ManualKey({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify({ type: 'success', title: t('totpSetup.copied') });
    } catch {
      notify({ type: 'error', title: t('totpSetup.copyFailed') });
    }
  };
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        {t('totpSetup.manualKey')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-labelledby={`${id}-label`}
          dir="ltr"
          translate="no"
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm tracking-wider break-words select-all"
        >
          {groupKey(secret)}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('totpSetup.copy')}
        </Button>
      </div>
    </div>
  );
}

type SsoReauth = Extract<ReauthInfo, { method: 'sso' }>;

/**
 * How this account confirms the change (decision 079): null while that loads; 'password' also when it
 * cannot be learnt (the server decides anyway); else the provider to sign in at again.
 */
function useConfirmation(): { loading: boolean; sso: SsoReauth | null } {
  const reauth = useQuery(reauthQueryOptions());
  return {
    loading: reauth.isPending,
    sso: reauth.data?.method === 'sso' ? reauth.data : null,
  };
}

/**
 * An account without a password proves it is them by signing in again at the school's provider (it asks
 * for the password whatever session it holds) and comes back to this dialog; the pending seed waits on the
 * server. Once that sign-in counts, a note says so instead of the button.
 */
function SignInAgain({ sso, describedBy }: { sso: SsoReauth; describedBy: string }) {
  const { t } = useTranslation();
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  if (sso.freshUntil !== null)
    return <NoticeStatus message={t('totpSetup.signedInAgain', { label: sso.label })} />;
  const go = () => {
    setGoing(true);
    setError(null);
    signInAgain(sso.protocol, `${window.location.pathname}${window.location.search}`).catch(
      (err: unknown) => {
        setGoing(false);
        setError(err);
      },
    );
  };
  return (
    <div className="grid gap-2">
      <p id={`${id}-intro`}>{t('totpSetup.signInAgainIntro', { label: sso.label })}</p>
      <div>
        <Button
          type="button"
          variant="outline"
          data-sign-in-again=""
          loading={going}
          aria-describedby={`${id}-intro ${describedBy}`}
          onClick={go}
        >
          <LogIn aria-hidden="true" />
          {t('totpSetup.signInAgain', { label: sso.label })}
        </Button>
      </div>
      <ErrorAlert message={error ? errorMessage(t, error) : null} />
    </div>
  );
}

function SetupForm({ setup, forced }: { setup: TotpSetup; forced: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<'code' | 'password' | 'reauth' | null>(null);
  const verify = useVerifyTotp();
  const confirmation = useConfirmation();
  const sso = confirmation.sso;
  const focusSignInAgain = () => formRef.current?.querySelector<HTMLElement>('[data-sign-in-again]')?.focus();

  // The dialog opens while the seed loads, so its only control, ×, took the focus. The first useful step
  // takes it instead: on a phone the link into the authenticator app, elsewhere the code field.
  useEffect(() => {
    const form = formRef.current;
    if (!form || form.contains(document.activeElement)) return;
    const first = Array.from(form.querySelectorAll<HTMLElement>('a[href], input')).find(
      (el) => el.getClientRects().length > 0,
    );
    first?.focus({ preventScroll: true });
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmation.loading) return;
    const parsed = TotpCodeSchema.safeParse(code);
    const problem = !parsed.success
      ? 'code'
      : sso
        ? sso.freshUntil === null
          ? 'reauth'
          : null
        : password === ''
          ? 'password'
          : null;
    setInvalid(problem);
    if (!parsed.success || problem) {
      if (problem === 'reauth') focusSignInAgain();
      else (problem === 'password' ? passwordRef : codeRef).current?.focus();
      return;
    }
    verify.mutate(sso ? { code: parsed.data } : { code: parsed.data, password }, {
      onError: (error) => {
        if (errorCode(error) === 'auth.wrong_password') {
          setPassword('');
          passwordRef.current?.focus();
          return;
        }
        // the provider sign-in is older than 5 minutes now: the button to sign in again comes back
        if (errorCode(error) === 'auth.reauth_required') {
          void queryClient.invalidateQueries({ queryKey: reauthQueryOptions().queryKey });
          return;
        }
        setCode('');
        codeRef.current?.focus();
        // the pending seed is gone (expired or replaced in another tab): show a fresh one
        if (errorCode(error) === 'auth.totp_not_pending') {
          void queryClient.invalidateQueries({ queryKey: totpSetupQueryOptions().queryKey });
        }
      },
    });
  };

  const errorId = `${id}-error`;
  const message =
    invalid === 'code'
      ? t('totpSetup.codeFormat', { digits: TOTP_DIGITS })
      : invalid === 'password'
        ? t('totpSetup.passwordMissing')
        : invalid === 'reauth' || (verify.error && errorCode(verify.error) === 'auth.reauth_required')
          ? t('totpSetup.signInAgainFirst', { label: sso?.label ?? '' })
          : verify.error
            ? formErrorText(t, verify.error, t('account.wrongPassword'))
            : null;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      <ol className="grid list-decimal gap-4 ps-5 text-sm marker:font-semibold">
        <li>
          <div className="grid gap-3">
            <span>{t('totpSetup.step1')}</span>
            <div className="flex flex-col items-center gap-2">
              <img
                src={setup.qr}
                alt={t('totpSetup.qrAlt')}
                width={192}
                height={192}
                className="size-48 rounded-md border bg-white p-2"
              />
              <a
                href={setup.uri}
                className="inline-flex items-center gap-1 rounded-sm text-primary coarse:min-h-11 underline-offset-4 outline-ring hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 desktop:hidden"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {t('totpSetup.openApp')}
              </a>
            </div>
            <ManualKey secret={setup.secret} />
          </div>
        </li>
        <li>
          <FormField
            ref={codeRef}
            id={`${id}-code`}
            label={t('totpSetup.step2', { digits: TOTP_DIGITS })}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_DIGITS + 2}
            className="max-w-40 font-mono tracking-widest"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={message !== null || undefined}
            aria-describedby={errorId}
          />
        </li>
        <li>
          {/* a taken-over session must not switch 2FA on with a seed of its own choosing */}
          {confirmation.loading ? (
            <Spinner className="size-5" />
          ) : sso ? (
            <SignInAgain sso={sso} describedBy={errorId} />
          ) : (
            <PasswordField
              ref={passwordRef}
              id={`${id}-password`}
              label={t('totpSetup.confirmPassword')}
              autoComplete="current-password"
              className="max-w-72"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={
                invalid === 'password' || errorCode(verify.error) === 'auth.wrong_password' || undefined
              }
              aria-describedby={errorId}
            />
          )}
        </li>
      </ol>
      <ErrorAlert id={errorId} message={message} />
      {/* on a phone the form is taller than the screen: the buttons stay in view at its foot */}
      <FormFooter
        sticky
        pending={verify.isPending}
        cancel={forced ? <SignOutInstead /> : undefined}
        submit={
          <>
            <ShieldCheck aria-hidden="true" />
            {t('totpSetup.activate')}
          </>
        }
      />
    </form>
  );
}

function SetupStep({ forced }: { forced: boolean }) {
  const { t } = useTranslation();
  const setup = useQuery(totpSetupQueryOptions());
  if (setup.data) return <SetupForm setup={setup.data} forced={forced} />;
  if (setup.error) {
    return (
      <div className="grid gap-4">
        <ErrorAlert id="totp-setup-error" message={errorMessage(t, setup.error)} />
        <DialogFooter>
          <CancelOrSignOut forced={forced} />
          <Button type="button" onClick={() => void setup.refetch()}>
            {t('common.retry')}
          </Button>
        </DialogFooter>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-8" role="status">
      <Spinner className="size-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

function DisableForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const remove = useDeleteTotp();
  const { loading, sso } = useConfirmation();
  const ready = !loading && (sso ? sso.freshUntil !== null : password !== '');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    remove.mutate(sso ? {} : { password }, {
      onError: (error) => {
        if (errorCode(error) === 'auth.reauth_required')
          void queryClient.invalidateQueries({ queryKey: reauthQueryOptions().queryKey });
      },
    });
  };
  const errorText = !remove.error
    ? null
    : errorCode(remove.error) === 'auth.reauth_required'
      ? t('totpSetup.signInAgainFirst', { label: sso?.label ?? '' })
      : formErrorText(t, remove.error, t('account.wrongPassword'));
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="flex items-start gap-2 text-sm">
        <ShieldCheck
          className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400"
          aria-hidden="true"
        />
        <span>{t('totpSetup.isOn')}</span>
      </p>
      {loading ? (
        <Spinner className="size-5" />
      ) : sso ? (
        <SignInAgain sso={sso} describedBy={errorId} />
      ) : (
        <PasswordField
          id={`${id}-password`}
          label={t('totpSetup.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={remove.error ? true : undefined}
          aria-describedby={errorId}
        />
      )}
      <ErrorAlert id={errorId} message={errorText} />
      <FormFooter
        pending={remove.isPending}
        submit={
          <>
            <ShieldOff aria-hidden="true" />
            {t('totpSetup.turnOff')}
          </>
        }
        submitProps={{ variant: 'destructive', disabled: !ready }}
      />
    </form>
  );
}

/**
 * spec 2.5 `totp-setup`: off → scan the QR code (or type the key), confirm with a code, on;
 * on → turn it off with the password. Without a password, a fresh sign-in at the provider (decision 079).
 */
export default function TotpSetupDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const forced = useRequiredDialog() === 'totp-setup';
  const enabled = self?.totp_enabled ?? false;
  // Done once the user info says two-factor is on (or off), not in the forms' success callbacks: the answer swaps
  // the form, which on a busy page unmounted it before its callback ran, and the dialog stayed open (6e31bdb's CI).
  const openedWith = useRef(enabled);
  useEffect(() => {
    if (enabled === openedWith.current) return;
    openedWith.current = enabled;
    notify({ type: 'success', title: t(enabled ? 'totpSetup.enabled' : 'totpSetup.disabled') });
    close();
  }, [enabled, close, t]);
  if (!self) return null;
  if (self.impersonator) return <NotWhileImpersonating title={t('dialogs.totpSetup')} />;
  return (
    <AccountDialogFrame
      title={t('dialogs.totpSetup')}
      description={t(
        self.totp_enabled ? 'totpSetup.introOn' : forced ? 'totpSetup.forcedIntro' : 'totpSetup.intro',
      )}
      forced={forced}
    >
      {self.totp_enabled ? <DisableForm /> : <SetupStep forced={forced} />}
    </AccountDialogFrame>
  );
}
