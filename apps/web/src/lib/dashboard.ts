/** What the dashboard page hands each tab (spec 2.3): the optional subpage, e.g. messages/edit. */
export interface DashboardTabProps {
  subpage?: string;
}
