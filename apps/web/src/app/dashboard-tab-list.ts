import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BUILT_FEATURES, hasRole, type FeatureName, type RoleSubject } from '@aula/contracts';
import type { DashboardTabProps } from '@/lib/dashboard';
import type {
  DashboardTabEntry,
  DashboardTabName,
  DashboardTabPanel,
  FeatureManifest,
} from '@/lib/feature-manifest';
import { DASHBOARD_FEATURE_MANIFESTS } from './dashboard-features';
import { FEATURE_MANIFESTS } from './features';

// spec 2.3: the dashboard's tabs, read from the features' manifests (decision 089). This loads with the
// dashboard page and the router's tab check, not with the first paint.

type ListedManifest = (typeof FEATURE_MANIFESTS)[number] | (typeof DASHBOARD_FEATURE_MANIFESTS)[number];
type TabOf<M> = M extends { dashboardTabs: readonly (infer T)[] } ? T : never;
/** The tabs whose manifest leaves the screen to app/, because it combines two features. */
type AppTabName = Extract<TabOf<ListedManifest>, { panel: 'app' }>['name'];

/** The screens of the tabs that combine two features, which only app/ may import together. */
const APP_PANELS: Record<AppTabName, DashboardTabPanel> = {
  sso: () => import('./routes/sso-tab'),
  'login-bg': () => import('./routes/login-bg-tab'),
};

/** The tabs the manifests declare, in their order. */
export function dashboardTabsOf(manifests: readonly FeatureManifest[]): DashboardTabEntry[] {
  return manifests.flatMap((manifest) => manifest.dashboardTabs ?? []).sort((a, b) => a.order - b.order);
}

/** The names given by no tab, or by more than one (each tab is one feature's). */
export function tabListProblems(
  manifests: readonly FeatureManifest[],
  names: readonly string[],
): { missing: string[]; duplicated: string[]; unnamed: string[] } {
  const declared = dashboardTabsOf(manifests).map((tab) => tab.name as string);
  return {
    missing: names.filter((name) => !declared.includes(name)),
    duplicated: [...new Set(declared.filter((name, index) => declared.indexOf(name) !== index))],
    unnamed: declared.filter((name) => !names.includes(name)),
  };
}

const listed: readonly FeatureManifest[] = [...FEATURE_MANIFESTS, ...DASHBOARD_FEATURE_MANIFESTS];

/** Every dashboard tab, built or not, in the tab list's order. */
export const DASHBOARD_TABS: readonly DashboardTabEntry[] = dashboardTabsOf(listed);

/** The tab of that name, if there is one (the router sends any other name to the 404 page). */
export function dashboardTab(name: string): DashboardTabEntry | undefined {
  return DASHBOARD_TABS.find((tab) => tab.name === name);
}

/** Whether the user may see the tab beyond the dashboard's own admin check: cim is for superadmins only. */
export function mayOpenTab(self: RoleSubject | null | undefined, tab: DashboardTabEntry): boolean {
  return tab.role === undefined || hasRole(self, tab.role);
}

/** The tabs a dashboard user is offered: those of built features (decision 060) that the user may see. */
export function visibleDashboardTabs(
  self: RoleSubject | null | undefined,
  built: readonly FeatureName[] = BUILT_FEATURES,
): DashboardTabEntry[] {
  return DASHBOARD_TABS.filter(
    (tab) => mayOpenTab(self, tab) && (tab.feature === undefined || built.includes(tab.feature)),
  );
}

/** The import of a tab's screen: its manifest's, or app/'s for a tab that combines two features. */
export function panelOf(tab: DashboardTabEntry): DashboardTabPanel | undefined {
  return tab.panel === 'app'
    ? (APP_PANELS as Partial<Record<string, DashboardTabPanel>>)[tab.name]
    : tab.panel;
}

type TabComponent = LazyExoticComponent<ComponentType<DashboardTabProps>>;

/** Each tab's screen, loaded when it is first opened. */
export const TAB_COMPONENTS: Partial<Record<DashboardTabName, TabComponent>> = Object.fromEntries(
  DASHBOARD_TABS.flatMap((tab) => {
    const panel = panelOf(tab);
    return panel ? [[tab.name, lazy(panel)]] : [];
  }),
);
