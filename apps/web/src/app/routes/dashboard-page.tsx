import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, ShieldAlert } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import type { DashboardTabProps } from '@/lib/dashboard';
import { useSelf } from '@/lib/session';
import { DASHBOARD_TABS, type DashboardTab } from '../dashboard-tabs';

const routeApi = getRouteApi('/shell/dashboard/$tab/{-$subpage}');

type TabComponent = LazyExoticComponent<ComponentType<DashboardTabProps>>;

/** Each tab's screen, loaded when it is first opened. */
const TAB_COMPONENTS: Record<DashboardTab, TabComponent> = {
  messages: lazy(() => import('@/features/messages/components/messages-tab')),
  banner: lazy(() => import('@/features/branding/components/banner-tab')),
  settings: lazy(() => import('./settings-tab')),
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
 * spec 2.3: the tab list at the inline start, as wide as the user's left-nav preference (spec 3.6).
 * The dashboard is for admins (decision 018), the cim tab for superadmins; the server checks every tab's calls again.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { tab, subpage } = routeApi.useParams();
  const self = useSelf();
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
  const tabs = DASHBOARD_TABS.filter((name) => name !== 'cim' || hasRole(self, 'superadmin'));
  const Tab = TAB_COMPONENTS[tab as DashboardTab];
  return (
    <div className="flex flex-col gap-4 desktop:flex-row desktop:gap-8">
      <nav
        aria-label={t('pages.dashboard')}
        className="shrink-0 desktop:w-[min(var(--left-nav-width,450px),40%)] desktop:max-w-60"
      >
        <ul className="flex gap-1 overflow-x-auto pb-1 desktop:flex-col desktop:overflow-visible">
          {tabs.map((name) => (
            <li key={name} className="shrink-0">
              <Link
                to="/dashboard/$tab/{-$subpage}"
                params={{ tab: name }}
                className="block rounded-md px-3 py-2 text-sm whitespace-nowrap outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
                activeOptions={{ includeSearch: false }}
              >
                {t(`dashboard.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1" aria-label={t(`dashboard.tabs.${tab as DashboardTab}`)}>
        <Suspense fallback={<TabLoading />}>
          <Tab subpage={subpage} />
        </Suspense>
      </section>
    </div>
  );
}
