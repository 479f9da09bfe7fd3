import { BUILT_FEATURES, type FeatureName } from '@aula/contracts';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs';

// Apart from dashboard-tabs.ts, which the router (start chunk) imports: this loads with the dashboard page.

/** Tabs that belong to a feature are offered only once it is built (BUILT_FEATURES, decision 060). */
const TAB_FEATURES: Partial<Record<DashboardTab, FeatureName>> = { push: 'push' };

/** The tabs a dashboard user is offered: those of built features, and cim only for superadmins. */
export function visibleDashboardTabs(
  superadmin: boolean,
  built: readonly FeatureName[] = BUILT_FEATURES,
): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => {
    const feature = TAB_FEATURES[tab];
    return (tab !== 'cim' || superadmin) && (feature === undefined || built.includes(feature));
  });
}
