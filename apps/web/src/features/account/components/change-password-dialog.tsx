import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PASSWORD_LENGTH, effectiveMinLength, passwordPolicyFrom, type UserInfo } from '@aula/contracts';
import { HiddenUsername, PasswordField } from '@/components/credential-fields';
import { PasswordRules, usePasswordCheck } from '@/components/password-rules';
import { useConfig } from '@/lib/config';
import { FormFooter } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { useRequiredDialog } from '../lib/required-dialog';
import { brokenRules, errorCode, formErrorText } from '../lib/server-error';
import { ErrorAlert } from '@/components/message-box';
import { AccountDialogFrame, NotWhileImpersonating, SignOutInstead } from './account-dialog-frame';

function ChangePasswordForm({ user, forced, close }: { user: UserInfo; forced: boolean; close: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const config = useConfig();
  const oldRef = useRef<HTMLInputElement>(null);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useChangePassword();
  const check = usePasswordCheck(password, {
    names: [user.first_name, user.last_name, user.username],
    oldPassword,
    confirmation,
  });
  const ready = oldPassword !== '' && check.ok;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    change.mutate(
      { old_password: oldPassword, password },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('account.changePassword.done'),
            description: t('account.changePassword.otherDevices'),
          });
          close();
        },
        onError: (error) => {
          if (errorCode(error) === 'auth.wrong_password') oldRef.current?.focus();
        },
      },
    );
  };

  const wrongOld = errorCode(change.error) === 'auth.wrong_password';
  const serverRules = brokenRules(change.error);
  const errorId = `${id}-error`;
  const rulesId = `${id}-rules`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ErrorAlert
        id={errorId}
        message={
          change.error && (
            <>
              <p>{formErrorText(t, change.error, t('account.changePassword.wrongOld'))}</p>
              {serverRules.length > 0 && (
                <ul className="mt-1 list-disc ps-5">
                  {serverRules.map((rule) => (
                    <li key={rule}>
                      {t(`passwordRules.${rule}`, {
                        min: effectiveMinLength(passwordPolicyFrom(config)),
                        max: MAX_PASSWORD_LENGTH,
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )
        }
      />
      {/* lets password managers tie the new password to the account */}
      <HiddenUsername username={user.username} />
      <PasswordField
        ref={oldRef}
        id={`${id}-old`}
        label={t('account.changePassword.old')}
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
        aria-invalid={wrongOld || undefined}
        aria-describedby={wrongOld ? errorId : undefined}
      />
      <PasswordField
        id={`${id}-new`}
        label={t('account.changePassword.new')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-describedby={rulesId}
        aria-invalid={(password !== '' && !check.ok) || serverRules.length > 0 || undefined}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('account.changePassword.confirm')}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        aria-describedby={rulesId}
      />
      <section aria-labelledby={`${rulesId}-title`} className="grid gap-2 rounded-md border bg-muted/40 p-3">
        <h3 id={`${rulesId}-title`} className="text-sm font-semibold">
          {t('passwordRules.title')}
        </h3>
        <PasswordRules id={rulesId} check={check} />
      </section>
      <FormFooter
        pending={change.isPending}
        cancel={forced ? <SignOutInstead /> : undefined}
        submit={t('account.changePassword.submit')}
        submitProps={{ disabled: !ready }}
      />
    </form>
  );
}

/** spec 2.5 `change-password`: old password, new one with every rule shown live, and its confirmation. */
export default function ChangePasswordDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const forced = useRequiredDialog() === 'change-password';
  if (!self) return null;
  if (self.impersonator) return <NotWhileImpersonating title={t('dialogs.changePassword')} />;
  return (
    <AccountDialogFrame
      title={t('dialogs.changePassword')}
      description={t(forced ? 'account.changePassword.forcedIntro' : 'account.changePassword.intro')}
      forced={forced}
    >
      <ChangePasswordForm user={self} forced={forced} close={close} />
    </AccountDialogFrame>
  );
}
