import { useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  Bell,
  ClipboardList,
  Download,
  FileDown,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  Scale,
  Settings,
  ShieldCheck,
  Thermometer,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useConfig } from '@/lib/config';
import { dialogTitleKey } from '@/lib/dialog-param';
import { useDialogs } from '@/lib/dialogs';
import { usePerms } from '@/lib/perms';
import { displayName } from '@/lib/session';
import { browserPushEnvironment, pushSupport } from '@/features/push/lib/push-support';
import { FEATURE_NAMES, LOCALE_NAMES, LOCALES, MOBILE_MAX_WIDTH_PX, THEMES } from '@aula/contracts';
import { currentLocale, setLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { getTheme, setTheme, subscribeTheme } from '@/lib/theme';
import type { DialogId } from '../dialogs/registry';
import { CountBadge, sickEntries, useSickCount } from './sick-entries';
import { UserMenuTrigger, type UserMenuProps } from './top-bar-triggers';
import { topBarDialogs } from './top-bar-entries';

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

const NARROW = `(width <= ${MOBILE_MAX_WIDTH_PX}px)`;
const subscribeNarrow = (listener: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** On narrow screens the top bar leaves language and theme out (top-bar.tsx): they are here instead. */
function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);
}

/** The language and theme choices of a narrow screen's account menu (issue 19, decision 057). */
function LookChoices() {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeTheme, getTheme);
  async function choose(code: string) {
    const locale = LOCALES.find((known) => known === code);
    if (locale && locale !== currentLocale() && !(await setLanguage(locale))) {
      notify({ type: 'error', title: t('language.loadFailed') });
    }
  }
  return (
    <>
      <DropdownMenuLabel>{t('settings.language')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={currentLocale()} onValueChange={(code) => void choose(code)}>
        {LOCALES.map((code) => (
          <DropdownMenuRadioItem key={code} value={code}>
            <span lang={code} dir="auto">
              {LOCALE_NAMES[code]}
            </span>
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
      <DropdownMenuLabel>{t('settings.theme')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={theme}
        onValueChange={(value) => {
          const chosen = THEMES.find((known) => known === value);
          if (chosen) setTheme(chosen);
        }}
      >
        {THEMES.map((value) => (
          <DropdownMenuRadioItem key={value} value={value}>
            {t(`settings.themes.${value}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
    </>
  );
}

/** On narrow screens the top bar has no room for the sick entries (decision 065): they head the menu. */
function SickChoices() {
  const { t } = useTranslation();
  const perms = usePerms();
  const { open } = useDialogs();
  const { report, list } = sickEntries(perms);
  const count = useSickCount();
  if (!report && !list) return null;
  return (
    <>
      {report && (
        <DropdownMenuItem onSelect={() => void open('sick')}>
          <Thermometer aria-hidden="true" />
          {t('nav.reportSick')}
        </DropdownMenuItem>
      )}
      {list && (
        <DropdownMenuItem asChild>
          <Link
            to="/app/sick"
            aria-label={
              count > 0 ? `${t('nav.sickNotices')}: ${t('nav.sickCount', { count })}` : t('nav.sickNotices')
            }
          >
            <ClipboardList aria-hidden="true" />
            {t('nav.sickNotices')}
            <CountBadge count={count} className="ms-auto" />
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
    </>
  );
}

/** spec 2.6: the signed-in user's menu: the account dialogs, the dashboard, the legal notice and sign-out. */
export function UserMenu({ self, initiallyOpen }: UserMenuProps & DeferredMenuProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const { permissions, hasFeature, error } = usePerms();
  const { open } = useDialogs();
  const entries = topBarDialogs({
    self,
    config,
    permissions,
    features: FEATURE_NAMES.filter(hasFeature),
    // an iPhone outside the installed app has no notifications yet: the dialog tells how to get them
    notificationsSupported:
      typeof window !== 'undefined' &&
      ('Notification' in window || pushSupport(browserPushEnvironment()) === 'install-first'),
  });
  const name = displayName(self);
  const narrow = useNarrow();
  const sickCount = useSickCount();
  return (
    <DropdownMenu modal={false} defaultOpen={initiallyOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger
          self={self}
          notice={narrow && sickCount > 0 ? t('nav.sickCount', { count: sickCount }) : undefined}
        />
      </DropdownMenuTrigger>
      {/* the entries that need permissions come with them: until then the menu says it is still filling */}
      <DropdownMenuContent className="min-w-56" aria-busy={!permissions && !error}>
        <DropdownMenuLabel className="truncate">{t('nav.signedInAs', { name })}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {narrow && <SickChoices />}
        {narrow && <LookChoices />}
        {entries.map((id) => {
          const Icon = ICONS[id] ?? Settings;
          return (
            <DropdownMenuItem key={id} onSelect={() => void open(id)}>
              <Icon aria-hidden="true" />
              {t(dialogTitleKey(id))}
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
  );
}
