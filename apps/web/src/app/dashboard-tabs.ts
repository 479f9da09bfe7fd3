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

export function isDashboardTab(value: string): value is DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value);
}
