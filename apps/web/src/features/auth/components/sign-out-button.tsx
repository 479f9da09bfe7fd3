import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLogout } from '../api/logout';

export function SignOutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button variant="outline" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
      {!logout.isPending && <LogOut aria-hidden="true" className="rtl:-scale-x-100" />}
      <span className="mobile:sr-only">{t('nav.signOut')}</span>
    </Button>
  );
}
