import { lazy, Suspense } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleHelp, LogIn, Pencil } from 'lucide-react';
import { deferredMenu } from '@/components/deferred-menu';
import { LanguageMenu } from '@/components/language-menu';
import { BrandLogo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { whenIdle } from '@/lib/idle';
import { usePerms } from '@/lib/perms';
import { useSchoolName } from '@/lib/school';
import { useSelf } from '@/lib/session';
import { FEATURE_NAMES } from '@aula/contracts';
import { showsChatPopover } from './top-bar-entries';
import { ChatTrigger, UserMenuTrigger, type UserMenuProps } from './top-bar-triggers';

// their code loads after the first paint (decision 050)
const UserMenu = deferredMenu<UserMenuProps>(
  () => import('./user-menu').then((module) => module.UserMenu),
  UserMenuTrigger,
);
// the sick entries (decision 065) come in their own small chunk after the first paint, which carries none of them
const SickTopBarEntries = lazy(() =>
  whenIdle('sick-entries', () => import('./sick-entries')).then((module) => ({
    default: module.SickTopBarEntries,
  })),
);
const ChatPopover = deferredMenu<object>(
  () => import('./chat-popover').then((module) => module.ChatPopover),
  ChatTrigger,
);

function SignedInMenus({ self }: UserMenuProps) {
  const { hasFeature } = usePerms();
  const features = FEATURE_NAMES.filter(hasFeature);
  return (
    <>
      {showsChatPopover({ self, features }) && <ChatPopover />}
      <UserMenu self={self} />
    </>
  );
}

/**
 * spec 4.5: edit mode is the /edit path. The top bar's labelled "Edit" enters it; in edit mode the edit page's
 * own "Fertig" is the one way out, so the top bar shows none (decision 057).
 */
function EditLink() {
  const { t } = useTranslation();
  const editing = useLocation({ select: (location) => location.pathname === '/edit' });
  if (editing) return null;
  return (
    <Button asChild variant="ghost" size="sm" className="mobile:h-11">
      <Link to="/edit">
        <Pencil aria-hidden="true" />
        {t('nav.edit')}
      </Link>
    </Button>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const self = useSelf();
  const { open } = useDialogs();
  const signedInHidden = self ? 'mobile:hidden' : 'mobile:size-11';
  const school = useSchoolName();
  return (
    <header className="sticky top-0 z-40 border-b bg-card text-card-foreground">
      <nav
        aria-label={t('nav.topBar')}
        className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 desktop:h-16 desktop:gap-2 desktop:px-6"
      >
        <Link
          to="/"
          className="me-auto flex min-w-0 items-center gap-2 rounded-md px-1 text-lg coarse:min-h-11 font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <BrandLogo className="size-7 shrink-0 desktop:size-8" />
          <bdi className="truncate">{school}</bdi>
        </Link>
        {/* Late entries go first: in this end-aligned row an entry that appears moves only what is on its start
            side, so nothing already shown shifts under a finger or a click (a "Bearbeiten" click once landed on
            "Krank melden", which appeared after it a moment later) */}
        {self && (
          <Suspense fallback={null}>
            <SickTopBarEntries />
          </Suspense>
        )}
        {/* signed in, a phone has them in the account menu (user-menu.tsx); a visitor keeps them here */}
        <LanguageMenu className={signedInHidden} />
        <ThemeToggle className={signedInHidden} />
        <Button
          variant="ghost"
          size="icon"
          className="mobile:size-11"
          aria-label={t('dialogs.help')}
          onClick={() => void open('help')}
        >
          <CircleHelp aria-hidden="true" />
        </Button>
        {self && <EditLink />}
        {self ? (
          <SignedInMenus self={self} />
        ) : (
          <Button asChild size="sm" className="mobile:h-11">
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
