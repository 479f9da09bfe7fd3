// What a feature contributes to the app, as data (decision 089): app/features.ts lists the manifests of the
// features with pages or dialogs, which the router and the dialog registry read; app/dashboard-features.ts those
// that only add dashboard tabs, which load with the dashboard. A manifest of the first list is on the start path:
// it holds names, roles and lazy imports only, never a component's code.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteComponent } from '@tanstack/react-router';
import type { FeatureName, Role, UserInfo } from '@aula/contracts';
import type { DashboardTabProps } from '@/lib/dashboard';
import type { DialogProps } from '@/lib/dialogs';
import type de from '@/locales/de.json';

/** Every route's name; each has a translated page name under `pages.<name>`. */
export type RouteName = keyof typeof de.pages;
export type Access = 'any' | 'loggedIn' | 'loggedOut';

export interface RouteMeta {
  name: RouteName;
  access: Access;
  /** Reachable by a visitor even when allow_no_login is off (spec 2.4 rule 2). */
  publicWithoutLogin?: boolean;
}

/** How a page reads its search parameters: a plain function (the start path carries no zod, decision 049). */
export type SearchValidator = (search: Record<string, unknown>) => unknown;

/**
 * One page of a feature: the options of TanStack's createRoute without the parent, which app/router.tsx
 * gives. `component` is lazy (lazyRouteComponent); `validateSearch` types the page's search parameters.
 */
export interface FeatureRoute<
  TPath extends string = string,
  TValidator extends SearchValidator = SearchValidator,
> {
  path: TPath;
  staticData: RouteMeta;
  validateSearch?: TValidator;
  component: RouteComponent;
}

export interface DialogEntry {
  /** The lowest role that may open it; logged_out means anyone (spec 6, roles are cumulative). */
  role: Role;
  /** Also open to users below the role in this case (spec 6: impersonating users see `impersonate`). */
  alsoFor?: (self: UserInfo) => boolean;
}

/** A dashboard tab's name (spec 2.3); each has a translated name under `dashboard.tabs.<name>`, its heading. */
export type DashboardTabName = keyof typeof de.dashboard.tabs;

/** A tab's screen, imported when the tab is first opened. */
export type DashboardTabPanel = () => Promise<{ default: ComponentType<DashboardTabProps> }>;

export interface DashboardTabEntry {
  name: DashboardTabName;
  /** Its place in the tab list, lowest first (spec 2.3's order; app/dashboard-tab-list.ts sorts by it). */
  order: number;
  /** Who sees it, when it is more than the dashboard's admins: the cim tab is for superadmins only (spec 2.3). */
  role?: Role;
  /** Offered only while this feature is built (BUILT_FEATURES, decision 060). */
  feature?: FeatureName;
  /**
   * Its screen, a lazy import of the feature's own component; `'app'` for a tab that combines two features'
   * parts, which only app/ may do: app/dashboard-tab-list.ts holds those screens (decision 089).
   */
  panel: DashboardTabPanel | 'app';
}

export interface FeatureManifest {
  /** Its pages inside the app shell (top bar, dialogs). */
  routes?: readonly FeatureRoute[];
  /** Its pages without the shell (the embedded app page). */
  bareRoutes?: readonly FeatureRoute[];
  /**
   * spec 2.5: its dialogs by their names, with who may open each. Their code is in the feature's dialog-code.ts,
   * which loads with the dialog frame (app/dialogs/dialog-components.ts), not with the first paint.
   */
  dialogs?: Readonly<Record<string, DialogEntry>>;
  /** Its tabs of the dashboard (spec 2.3); a feature without one leaves this out. */
  dashboardTabs?: readonly DashboardTabEntry[];
}

/** The code of a feature's dialogs, one lazy component for each name its manifest lists (its dialog-code.ts). */
export type DialogCode<M extends FeatureManifest> = Record<
  keyof NonNullable<M['dialogs']>,
  LazyExoticComponent<ComponentType<DialogProps>>
>;
