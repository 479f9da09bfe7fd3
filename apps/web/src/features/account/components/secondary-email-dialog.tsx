import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Forward, Trash2 } from 'lucide-react';
import { MAX_EMAIL_LENGTH, isEmail, type UserInfo } from '@aula/contracts';
import { PasswordField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { configFlag, useConfig } from '@/lib/config';
import { FormFooter } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useUpdateSecondaryEmail } from '../api/update-secondary-email';
import { errorCode, formErrorText } from '../lib/server-error';
import { ErrorAlert } from '@/components/message-box';
import { AccountDialogFrame, NotWhileImpersonating } from './account-dialog-frame';

type LocalError = 'mail.missing' | 'mail.invalid' | null;

function localError(value: string): LocalError {
  const email = value.trim();
  if (email === '') return 'mail.missing';
  return isEmail(email) ? null : 'mail.invalid';
}

function SecondaryEmailForm({ user, close }: { user: UserInfo; close: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const config = useConfig();
  const [email, setEmail] = useState(user.secondary_email ?? '');
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  // The message follows the typing once the field was left or sent, not while the first address is typed.
  const [checked, setChecked] = useState(false);
  const update = useUpdateSecondaryEmail();
  const local = checked ? localError(email) : null;

  const save = (value: string | null) => {
    // reset codes may be mailed to this address: the password confirms every change
    setPasswordMissing(password === '');
    if (password === '') return;
    update.mutate(
      { email: value, password },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t(value === null ? 'account.email.removed' : 'account.email.saved'),
          });
          close();
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (localError(email) !== null) return;
    save(email.trim());
  };

  const message = local
    ? t(`errors.${local}`)
    : passwordMissing
      ? t('account.email.passwordMissing')
      : update.error
        ? formErrorText(t, update.error, t('account.wrongPassword'))
        : null;
  const errorId = `${id}-error`;
  const forwarding = configFlag(config, 'forward_emails');
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {/* text, not a read-only field: it is not something to edit, and focus starts on the one that is */}
      <dl className="grid gap-1">
        <dt className="text-sm font-medium">{t('account.email.school')}</dt>
        <dd className="rounded-md border bg-muted px-3 py-2 text-sm break-all">
          {user.email ? <bdi dir="ltr">{user.email}</bdi> : t('account.email.noSchoolAddress')}
        </dd>
        <dd className="text-sm text-muted-foreground">{t('account.email.schoolHint')}</dd>
      </dl>
      <FormField
        id={`${id}-second`}
        label={t('account.email.second')}
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        maxLength={MAX_EMAIL_LENGTH}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => email.trim() !== '' && setChecked(true)}
        aria-invalid={message !== null || undefined}
        aria-describedby={`${errorId} ${id}-forward`}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('account.email.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={passwordMissing || errorCode(update.error) === 'auth.wrong_password' || undefined}
        aria-describedby={errorId}
      />
      <ErrorAlert id={errorId} message={message} />
      <p id={`${id}-forward`} className="flex items-start gap-2 text-sm text-muted-foreground">
        <Forward className="mt-0.5 size-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
        <span>{t(forwarding ? 'account.email.forwardOn' : 'account.email.forwardOff')}</span>
      </p>
      <FormFooter
        pending={update.isPending}
        submit={t('common.save')}
        before={
          user.secondary_email !== null && (
            <Button
              type="button"
              variant="ghost"
              className="desktop:me-auto"
              disabled={update.isPending}
              onClick={() => save(null)}
            >
              <Trash2 aria-hidden="true" />
              {t('account.email.remove')}
            </Button>
          )
        }
      />
    </form>
  );
}

/** spec 2.5 `secondary-email`: the school's address, and a second one the user adds or removes. */
export default function SecondaryEmailDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  if (!self) return null;
  if (self.impersonator) return <NotWhileImpersonating title={t('dialogs.secondaryEmail')} />;
  return (
    <AccountDialogFrame title={t('dialogs.secondaryEmail')} description={t('account.email.intro')}>
      <SecondaryEmailForm user={self} close={close} />
    </AccountDialogFrame>
  );
}
