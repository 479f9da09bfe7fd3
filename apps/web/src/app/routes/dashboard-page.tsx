import { Suspense } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, ShieldAlert, Thermometer } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { FoldButton, useFold } from '@/components/folding-panel';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import type { DashboardTabName } from '@/lib/feature-manifest';
import { formatNumber } from '@/lib/format';
import { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { TAB_COMPONENTS, visibleDashboardTabs } from '../dashboard-tab-list';

// the router's tab check (beforeLoad) reads the tabs from here: they come in one fetch with the page
export { dashboardTab, mayOpenTab } from '../dashboard-tab-list';

const routeApi = getRouteApi('/shell/dashboard/$tab/{-$subpage}');

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
  // the router let only a declared tab through (dashboardTab)
  const tabs = visibleDashboardTabs(self);
  const Tab = TAB_COMPONENTS[tab as DashboardTabName];
  const tabName = t(`dashboard.tabs.${tab as DashboardTabName}`);
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
          {tabs.map(({ name }) => (
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
        <Suspense fallback={<TabLoading />}>{Tab && <Tab subpage={subpage} />}</Suspense>
      </section>
    </div>
  );
}
