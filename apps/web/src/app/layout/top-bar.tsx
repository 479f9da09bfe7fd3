import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { displayName, useSelf } from '@/lib/session';

export function TopBar() {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <header className="sticky top-0 z-40 border-b bg-card text-card-foreground">
      <nav
        aria-label={t('nav.topBar')}
        className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 desktop:h-16 desktop:gap-2 desktop:px-6"
      >
        <Link
          to="/"
          className="me-auto flex items-center gap-2 rounded-md px-1 text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <Logo className="size-7 desktop:size-8" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <LanguageMenu />
        <ThemeToggle />
        {self ? (
          <>
            <span
              className="max-w-48 truncate px-1 text-sm text-muted-foreground mobile:hidden"
              title={t('nav.signedInAs', { name: displayName(self) })}
            >
              {displayName(self)}
            </span>
            <SignOutButton />
          </>
        ) : (
          <Button asChild size="sm">
            <Link to="/login">
              <LogIn aria-hidden="true" className="rtl:-scale-x-100" />
              {t('nav.signIn')}
            </Link>
          </Button>
        )}
      </nav>
    </header>
  );
}
