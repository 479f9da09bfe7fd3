// spec 2.3: the dashboard's tabs; cim is for superadmins only.
export const DASHBOARD_TABS = [
  'messages',
  'banner',
  'settings',
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

export function isDashboardTab(value: string): value is DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value);
}
