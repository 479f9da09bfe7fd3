import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, LogOut } from 'lucide-react';
import { MessageBox } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDialogs } from '@/lib/dialogs';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The frame of the account dialogs. A forced one (force_password_change, force_2fa_teachers) has no
 * close button and ignores Escape and clicks outside; it offers only signing out instead.
 */
export function AccountDialogFrame({
  title,
  description,
  forced = false,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  forced?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogContent
      showClose={!forced}
      onEscapeKeyDown={forced ? keepOpen : undefined}
      onPointerDownOutside={forced ? keepOpen : undefined}
      onInteractOutside={forced ? keepOpen : undefined}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {forced && (
        <MessageBox tone="notice" icon={Info}>
          {t('account.forced')}
        </MessageBox>
      )}
      {children}
    </DialogContent>
  );
}

/** The way out of a forced dialog: the logout dialog, on top of it. */
export function SignOutInstead() {
  const { t } = useTranslation();
  const { open } = useDialogs();
  return (
    <Button type="button" variant="ghost" className="desktop:me-auto" onClick={() => void open('logout')}>
      <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
      {t('nav.signOut')}
    </Button>
  );
}

/** Cancel, or sign out when the dialog is forced. */
export function CancelOrSignOut({ forced }: { forced: boolean }) {
  const { t } = useTranslation();
  if (forced) return <SignOutInstead />;
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        {t('common.cancel')}
      </Button>
    </DialogClose>
  );
}

/** SECURITY.md: no password, 2FA or e-mail change while impersonating; the dialog says so instead of a form. */
export function NotWhileImpersonating({ title }: { title: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AccountDialogFrame title={title} description={t('errors.auth.not_while_impersonating')}>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </AccountDialogFrame>
  );
}
