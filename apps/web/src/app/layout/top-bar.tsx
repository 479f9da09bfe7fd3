import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import {
  CircleHelp,
  CircleUser,
  Download,
  Bell,
  KeyRound,
  LayoutDashboard,
  LogIn,
  LogOut,
  Mail,
  Pencil,
  PencilOff,
  MessageCircle,
  Scale,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  FileDown,
  type LucideIcon,
} from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { LanguageMenu } from '@/components/language-menu';
import { BrandLogo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useConfig } from '@/lib/config';
import { dialogTitleKey } from '@/lib/dialog-param';
import { useDialogs } from '@/lib/dialogs';
import { usePerms } from '@/lib/perms';
import { displayName, useSelf } from '@/lib/session';
import { FEATURE_NAMES, type UserInfo } from '@aula/contracts';
import type { DialogId } from '../dialogs/registry';
import { showsChatPopover, topBarDialogs } from './top-bar-entries';

const ICONS: Partial<Record<DialogId, LucideIcon>> = {
  settings: Settings,
  'change-password': KeyRound,
  'secondary-email': Mail,
  'totp-setup': ShieldCheck,
  'data-export': FileDown,
  'request-push': Bell,
  install: Download,
  'user-manager': Users,
  impersonate: UserCog,
};

function ChatPopover() {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('pages.chat')}>
          <MessageCircle aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t('pages.chat')}
          className="z-50 grid w-72 gap-3 rounded-md border bg-popover p-4 text-sm text-popover-foreground shadow-md"
        >
          <p className="text-muted-foreground">{t('placeholder.body')}</p>
          <Button asChild size="sm" variant="outline">
            <Link to="/app/chat">{t('pages.chat')}</Link>
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function UserMenu({ self }: { self: UserInfo }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { permissions, hasFeature } = usePerms();
  const { open } = useDialogs();
  const features = FEATURE_NAMES.filter(hasFeature);
  const entries = topBarDialogs({
    self,
    config,
    permissions,
    features,
    notificationsSupported: typeof window !== 'undefined' && 'Notification' in window,
  });
  const name = displayName(self);
  return (
    <>
      {showsChatPopover({ self, features }) && <ChatPopover />}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('nav.userMenu', { name })} className="max-w-56">
            <CircleUser aria-hidden="true" />
            <span className="truncate mobile:sr-only">{name}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="min-w-56">
          <DropdownMenuLabel className="truncate">{t('nav.signedInAs', { name })}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {entries.map((id) => {
            const Icon = ICONS[id] ?? Settings;
            return (
              <DropdownMenuItem key={id} onSelect={() => void open(id)}>
                <Icon aria-hidden="true" />
                {t(dialogTitleKey(id) as never)}
              </DropdownMenuItem>
            );
          })}
          {permissions?.dashboard && (
            <DropdownMenuItem asChild>
              <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages' }}>
                <LayoutDashboard aria-hidden="true" />
                {t('pages.dashboard')}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void open('legal')}>
            <Scale aria-hidden="true" />
            {t('dialogs.legal')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void open('logout')}>
            <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
            {t('nav.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

/** spec 4.5: edit mode is the /edit path; the toggle moves between root and edit. */
function EditToggle() {
  const { t } = useTranslation();
  const editing = useLocation({ select: (location) => location.pathname === '/edit' });
  const label = t(editing ? 'tiles.edit.exit' : 'tiles.edit.enter');
  return (
    <Button asChild variant={editing ? 'secondary' : 'ghost'} size="icon" aria-label={label} title={label}>
      <Link to={editing ? '/' : '/edit'} aria-current={editing ? 'page' : undefined}>
        {editing ? <PencilOff aria-hidden="true" /> : <Pencil aria-hidden="true" />}
      </Link>
    </Button>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const self = useSelf();
  const { open } = useDialogs();
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
          <BrandLogo className="size-7 desktop:size-8" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <LanguageMenu />
        <ThemeToggle />
        <Button variant="ghost" size="icon" aria-label={t('dialogs.help')} onClick={() => void open('help')}>
          <CircleHelp aria-hidden="true" />
        </Button>
        {self && <EditToggle />}
        {self ? (
          <UserMenu self={self} />
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
