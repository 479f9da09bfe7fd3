import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenUsername, PasswordField } from '@/components/credential-fields';
import { ErrorAlert } from '@/components/message-box';
import { DialogFrame, FormFooter } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useReauthenticate } from '../api/reauth';
import { settleReauth, useReauthPending } from '../lib/reauth-request';

/**
 * spec 2.5 `reenter-password`: the password again before a sensitive step (SECURITY.md: impersonation
 * needs a sign-in within 5 minutes). The waiting step goes on after it; closed without it, it is dropped.
 */
export default function ReenterPasswordDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const self = useSelf();
  const waiting = useReauthPending();
  const [password, setPassword] = useState('');
  const reauth = useReauthenticate();
  const inputRef = useRef<HTMLInputElement>(null);

  // The waiting step goes on once this dialog is gone from the address (so its own navigation is not
  // undone by this one's history step); closed any other way it answers "no". A tick later, so a
  // StrictMode remount does not answer.
  const mounted = useRef(false);
  const confirmed = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => !mounted.current && settleReauth(confirmed.current), 0);
    };
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      inputRef.current?.focus();
      return;
    }
    reauth.mutate(
      { password },
      {
        onSuccess: () => {
          if (!waiting) notify({ type: 'success', title: t('impersonation.reauthDone') });
          confirmed.current = true;
          close();
        },
        onError: () => {
          setPassword('');
          inputRef.current?.focus();
        },
      },
    );
  };

  const wrong = reauth.error instanceof ApiError && reauth.error.errorBody?.code === 'auth.wrong_password';
  const message = reauth.error ? (wrong ? t('account.wrongPassword') : errorMessage(t, reauth.error)) : null;
  const errorId = `${id}-error`;
  return (
    <DialogFrame title={t('dialogs.reenterPassword')} description={t('impersonation.reauthIntro')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {self && <HiddenUsername username={self.username} />}
        <PasswordField
          ref={inputRef}
          id={`${id}-password`}
          label={t('impersonation.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={message !== null || undefined}
          aria-describedby={errorId}
        />
        <ErrorAlert id={errorId} message={message} />
        <FormFooter pending={reauth.isPending} submit={t('impersonation.confirm')} />
      </form>
    </DialogFrame>
  );
}
