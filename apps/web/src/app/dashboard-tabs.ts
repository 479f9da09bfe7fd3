import { BUILT_FEATURES, type FeatureName } from '@aula/contracts';

// spec 2.3: the dashboard's tabs; cim is for superadmins only. sso holds the sign-in providers (issue 19, decision 060),
// video the school's BigBlueButton server (issue 21, decision 069), push the school's Web Push (issue 23, decision 073).
export const DASHBOARD_TABS = [
  'messages',
  'banner',
  'settings',
  'sso',
  'video',
  'push',
  'status',
  'imprint',
  'terms',
  'help',
  'cim',
  'statistics',
  'debug',
  'logs',
  'login-bg',
  'school',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Tabs that belong to a feature exist only once it is built (BUILT_FEATURES, decision 060). */
const TAB_FEATURES: Partial<Record<DashboardTab, FeatureName>> = { push: 'push' };

function isBuilt(tab: DashboardTab, built: readonly FeatureName[]): boolean {
  const feature = TAB_FEATURES[tab];
  return feature === undefined || built.includes(feature);
}

export function isDashboardTab(
  value: string,
  built: readonly FeatureName[] = BUILT_FEATURES,
): value is DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value) && isBuilt(value as DashboardTab, built);
}

/** The tabs a dashboard user is offered: the built ones, and cim only for superadmins. */
export function visibleDashboardTabs(
  superadmin: boolean,
  built: readonly FeatureName[] = BUILT_FEATURES,
): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => (tab !== 'cim' || superadmin) && isBuilt(tab, built));
}
