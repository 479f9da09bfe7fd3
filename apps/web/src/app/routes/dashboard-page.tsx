import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@aula/contracts';
import { ComingSoonPage } from '@/features/placeholders/components/coming-soon-page';
import { useSelf } from '@/lib/session';
import { DASHBOARD_TABS, isDashboardTab } from '../dashboard-tabs';

const routeApi = getRouteApi('/shell/dashboard/$tab/{-$subpage}');

/** spec 2.3: the tab list at the inline start, as wide as the user's left-nav preference (spec 3.6). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { tab } = routeApi.useParams();
  const self = useSelf();
  const tabs = DASHBOARD_TABS.filter((name) => name !== 'cim' || hasRole(self, 'superadmin'));
  return (
    <div className="flex flex-col gap-4 desktop:flex-row desktop:gap-8">
      <nav
        aria-label={t('pages.dashboard')}
        className="shrink-0 desktop:w-[min(var(--left-nav-width,450px),40%)]"
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
      <div className="min-w-0 flex-1">
        <ComingSoonPage detail={isDashboardTab(tab) ? t(`dashboard.tabs.${tab}`) : undefined} />
      </div>
    </div>
  );
}
