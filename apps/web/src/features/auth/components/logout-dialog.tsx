import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { useLogout } from '../api/logout';

/** spec 2.5 `logout`: signing out asks first, so a stray tap on a shared tablet does not end a session. */
export default function LogoutDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <DialogFrame
      title={t('logout.confirmTitle')}
      description={t('logout.confirmBody')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button loading={logout.isPending} onClick={() => logout.mutate()}>
            {!logout.isPending && <LogOut aria-hidden="true" className="rtl:-scale-x-100" />}
            {t('nav.signOut')}
          </Button>
        </>
      }
    />
  );
}
