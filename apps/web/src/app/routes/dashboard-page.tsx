import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, ShieldAlert, Thermometer } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { FoldButton, useFold } from '@/components/folding-panel';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatNumber } from '@/lib/format';
import { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { visibleDashboardTabs } from '../dashboard-tab-list';
import type { DashboardTab } from '../dashboard-tabs';

const routeApi = getRouteApi('/shell/dashboard/$tab/{-$subpage}');

type TabComponent = LazyExoticComponent<ComponentType<DashboardTabProps>>;

/** Each tab's screen, loaded when it is first opened. */
const TAB_COMPONENTS: Record<DashboardTab, TabComponent> = {
  messages: lazy(() => import('@/features/messages/components/messages-tab')),
  banner: lazy(() => import('@/features/branding/components/banner-tab')),
  settings: lazy(() => import('@/features/admin-settings/components/settings-tab')),
  sso: lazy(() => import('./sso-tab')),
  video: lazy(() => import('./video-tab')),
  push: lazy(() => import('./push-tab')),
  status: lazy(() => import('@/features/diagnostics/components/status-tab')),
  imprint: lazy(() => import('@/features/admin-settings/components/imprint-tab')),
  terms: lazy(() => import('@/features/admin-settings/components/terms-tab')),
  help: lazy(() => import('@/features/admin-settings/components/help-tab')),
  cim: lazy(() => import('@/features/cim/components/cim-tab')),
  statistics: lazy(() => import('@/features/diagnostics/components/statistics-tab')),
  debug: lazy(() => import('@/features/diagnostics/components/debug-tab')),
  logs: lazy(() => import('@/features/diagnostics/components/logs-tab')),
  'login-bg': lazy(() => import('./login-bg-tab')),
  school: lazy(() => import('@/features/branding/components/school-tab')),
};

function TabLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}

/**
 * spec 2.3: the tab list at the inline start; on phones it folds into a section menu ("Alle Bereiche (n)") so
 * every tab is reachable (issue 19). The open tab's name is the page's one h1 (docs/wording.md: tab name = heading).
 * The dashboard is for admins (decision 018), the cim tab for superadmins; the server checks every tab's calls again.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { tab, subpage } = routeApi.useParams();
  const self = useSelf();
  const menu = useFold();
  if (!hasRole(self, 'admin')) {
    return (
      <MessagePage
        icon={ShieldAlert}
        title={t('pages.dashboard')}
        actions={
          <Button asChild variant="outline">
            <Link to="/">{t('app.home')}</Link>
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('errors.common.forbidden')}</p>
      </MessagePage>
    );
  }
  const tabs = visibleDashboardTabs(hasRole(self, 'superadmin'));
  const Tab = TAB_COMPONENTS[tab as DashboardTab];
  const tabName = t(`dashboard.tabs.${tab as DashboardTab}`);
  return (
    <div className="flex min-w-0 flex-col gap-4 desktop:flex-row desktop:gap-8">
      <nav aria-label={t('pages.dashboard')} className="shrink-0 desktop:w-56">
        <FoldButton fold={menu}>{t('dashboard.allSections', { n: formatNumber(tabs.length) })}</FoldButton>
        <ul
          id={menu.id}
          className={cn(
            'mt-2 grid gap-1 rounded-md border p-1 desktop:mt-0 desktop:flex desktop:flex-col desktop:border-0 desktop:p-0',
            menu.folded,
          )}
        >
          {tabs.map((name) => (
            <li key={name}>
              <Link
                to="/dashboard/$tab/{-$subpage}"
                params={{ tab: name }}
                className="flex min-h-11 items-center rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground desktop:min-h-9"
                activeOptions={{ includeSearch: false }}
                onClick={() => menu.setOpen(false)}
              >
                {t(`dashboard.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
        {/* not a tab: the sick notices are a page of their own, which teachers use too (decision 066) */}
        <p className={cn('mt-2 border-t pt-2', menu.folded)}>
          <Link
            to="/app/sick"
            className="flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring desktop:min-h-9"
          >
            <Thermometer className="size-4 shrink-0" aria-hidden="true" />
            {t('sickList.dashboardLink')}
          </Link>
        </p>
      </nav>
      <section className="grid min-w-0 flex-1 content-start gap-6" aria-label={tabName}>
        <h1 className="text-2xl font-semibold tracking-tight">{tabName}</h1>
        <Suspense fallback={<TabLoading />}>
          <Tab subpage={subpage} />
        </Suspense>
      </section>
    </div>
  );
}
