import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dices } from 'lucide-react';
import { type ManagedUser } from '@aula/contracts';
import { PasswordField } from '@/components/credential-fields';
import { ErrorAlert } from '@/components/message-box';
import { PasswordRules, usePasswordCheck } from '@/components/password-rules';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSetPassword } from '../api/set-password';
import { generatePassword } from '../lib/generate-password';
import { fullName } from './user-search';

/**
 * user-search password-reset: the teacher gives a new password (typed or generated) to read out or hand
 * over; by default it must be changed at the next sign-in. The user's open sessions end.
 */
export function PasswordForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPasswordValue] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const save = useSetPassword();
  const check = usePasswordCheck(password, { names: [user.first_name, user.last_name, user.username] });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.ok) return;
    save.mutate(
      { userId: user.id, password, mustChange },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('userManager.passwordSet', { name: fullName(user) }) });
          onDone();
        },
      },
    );
  };
  const errorId = `${id}-error`;
  const rulesId = `${id}-rules`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm">{t('userManager.passwordFor', { name: fullName(user) })}</p>
      <ErrorAlert id={errorId} message={save.error && errorMessage(t, save.error)} />
      {/* shown as text: the teacher reads it out or writes it down for the pupil */}
      <PasswordField
        shown
        id={`${id}-password`}
        label={t('userManager.newPassword')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        value={password}
        onChange={(event) => setPasswordValue(event.target.value)}
        aria-invalid={(password !== '' && !check.ok) || undefined}
        aria-describedby={`${rulesId} ${errorId}`}
      >
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setPasswordValue(generatePassword())}
        >
          <Dices aria-hidden="true" />
          {t('userManager.generate')}
        </Button>
      </PasswordField>
      <PasswordRules id={rulesId} check={check} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={mustChange}
          onChange={(event) => setMustChange(event.target.checked)}
          className="size-4 accent-primary"
        />
        {t('userManager.mustChange')}
      </label>
      <p className="text-sm text-muted-foreground">{t('userManager.sessionsEnd')}</p>
      <FormFooter
        pending={save.isPending}
        cancel={
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common.back')}
          </Button>
        }
        submit={t('userManager.setPassword')}
        submitProps={{ disabled: !check.ok }}
      />
    </form>
  );
}
