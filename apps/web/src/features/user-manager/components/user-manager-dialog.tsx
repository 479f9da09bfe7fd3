import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, KeyRound, LockOpen, MoreHorizontal, Pencil, ShieldOff, UserPlus } from 'lucide-react';
import { hasRole, type ManagedUser } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter, DialogFrame } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useUserAction, type UserAction } from '../api/user-actions';
import { PasswordForm } from './password-form';
import { UserForm } from './user-form';
import { fullName, UserSearch } from './user-search';

type View =
  | { kind: 'search' }
  | { kind: 'edit'; user: ManagedUser | null }
  | { kind: 'password'; user: ManagedUser }
  | { kind: 'confirm'; user: ManagedUser; action: UserAction };

/** Which single action a user-search variant offers (spec 2.5); the user manager offers them all. */
type Mode = 'all' | 'block' | 'password-reset' | '2fa';

function modeOf(dialogId: string): Mode {
  if (dialogId === 'user-search:block') return 'block';
  if (dialogId === 'user-search:password-reset') return 'password-reset';
  if (dialogId === 'user-search:2fa') return '2fa';
  return 'all';
}

const TITLE_KEYS = {
  all: 'dialogs.userManager',
  block: 'dialogs.userSearchBlock',
  'password-reset': 'dialogs.userSearchPasswordReset',
  '2fa': 'dialogs.userSearch2fa',
} as const satisfies Record<Mode, string>;

function ConfirmAction({
  user,
  action,
  onDone,
}: {
  user: ManagedUser;
  action: UserAction;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const run = useUserAction();
  const name = fullName(user);
  const confirm = () =>
    run.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t(`userManager.actions.${action}.done`, { name }) });
          onDone();
        },
      },
    );
  return (
    <div className="grid gap-4">
      <p>{t(`userManager.actions.${action}.question`, { name })}</p>
      <p className="text-sm text-muted-foreground">{t(`userManager.actions.${action}.effect`)}</p>
      <ErrorAlert message={run.error ? errorMessage(t, run.error) : null} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.back')}
        </Button>
        <Button
          type="button"
          variant={action === 'block' || action === 'reset2fa' ? 'destructive' : 'default'}
          loading={run.isPending}
          onClick={confirm}
        >
          {t(`userManager.actions.${action}.confirm`)}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * spec 2.5/2.6 `user-manager` (teachers and above) and the `user-search:block|password-reset|2fa`
 * variants: search users, then edit, block or unblock, unlock, set a password or reset two-factor
 * sign-in. Teachers act on students of their own groups; the server checks every action again.
 */
export default function UserManagerDialog({ id }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const mode = modeOf(id);
  const [view, setView] = useState<View>({ kind: 'search' });
  const back = () => setView({ kind: 'search' });
  const canCreate = mode === 'all' && hasRole(self, 'admin');

  const rowActions = (user: ManagedUser) => {
    if (!user.manageable)
      return <span className="text-sm text-muted-foreground">{t('userManager.notManageable')}</span>;
    const blockAction: UserAction = user.blocked ? 'unblock' : 'block';
    if (mode === 'block')
      return (
        <Button
          size="sm"
          variant={user.blocked ? 'outline' : 'destructive'}
          onClick={() => setView({ kind: 'confirm', user, action: blockAction })}
        >
          {t(`userManager.actions.${blockAction}.label`)}
          <span className="sr-only">: {fullName(user)}</span>
        </Button>
      );
    if (mode === 'password-reset')
      return (
        <Button size="sm" variant="outline" onClick={() => setView({ kind: 'password', user })}>
          {t('userManager.setPassword')}
          <span className="sr-only">: {fullName(user)}</span>
        </Button>
      );
    if (mode === '2fa')
      return (
        <Button
          size="sm"
          variant="outline"
          disabled={!user.totp}
          onClick={() => setView({ kind: 'confirm', user, action: 'reset2fa' })}
        >
          {t('userManager.actions.reset2fa.label')}
          <span className="sr-only">: {fullName(user)}</span>
        </Button>
      );
    return (
      <>
        <Button size="sm" variant="outline" onClick={() => setView({ kind: 'edit', user })}>
          <Pencil aria-hidden="true" />
          {t('userManager.edit')}
          <span className="sr-only">: {fullName(user)}</span>
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="ghost" aria-label={t('userManager.moreFor', { name: fullName(user) })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setView({ kind: 'password', user })}>
              <KeyRound aria-hidden="true" />
              {t('userManager.setPassword')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setView({ kind: 'confirm', user, action: blockAction })}>
              <Ban aria-hidden="true" />
              {t(`userManager.actions.${blockAction}.label`)}
            </DropdownMenuItem>
            {user.lockedUntil && (
              <DropdownMenuItem onSelect={() => setView({ kind: 'confirm', user, action: 'unlock' })}>
                <LockOpen aria-hidden="true" />
                {t('userManager.actions.unlock.label')}
              </DropdownMenuItem>
            )}
            {user.totp && (
              <DropdownMenuItem onSelect={() => setView({ kind: 'confirm', user, action: 'reset2fa' })}>
                <ShieldOff aria-hidden="true" />
                {t('userManager.actions.reset2fa.label')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </>
    );
  };

  const title =
    view.kind === 'edit'
      ? t(view.user ? 'userManager.editTitle' : 'userManager.createTitle')
      : view.kind === 'password'
        ? t('userManager.setPassword')
        : t(TITLE_KEYS[mode]);
  return (
    <DialogFrame
      title={title}
      description={
        view.kind !== 'search'
          ? undefined
          : // teachers cannot create users (spec 6): their intro does not promise it (issue 19)
            mode === 'all' && !canCreate
            ? t('userManager.intro.allTeacher')
            : t(`userManager.intro.${mode}`)
      }
      className="max-w-3xl"
    >
      {view.kind === 'search' && (
        <>
          {canCreate && (
            <Button className="justify-self-start" onClick={() => setView({ kind: 'edit', user: null })}>
              <UserPlus aria-hidden="true" />
              {t('userManager.createTitle')}
            </Button>
          )}
          <UserSearch actions={rowActions} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.close')}
              </Button>
            </DialogClose>
          </DialogFooter>
        </>
      )}
      {view.kind === 'edit' && <UserForm user={view.user} onDone={back} />}
      {view.kind === 'password' && <PasswordForm user={view.user} onDone={back} />}
      {view.kind === 'confirm' && <ConfirmAction user={view.user} action={view.action} onDone={back} />}
    </DialogFrame>
  );
}
