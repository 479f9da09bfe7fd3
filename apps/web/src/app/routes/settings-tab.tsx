import SettingsTab from '@/features/admin-settings/components/settings-tab';
import { RoleGroupsSection } from '@/features/cim/components/role-groups-section';
import type { DashboardTabProps } from '@/lib/dashboard';

/** The settings tab: the school's settings, then the role groups that admins may edit too (decision 036). */
export default function SettingsWithRoleGroupsTab(props: DashboardTabProps) {
  return (
    <div className="grid gap-10">
      <SettingsTab {...props} />
      <RoleGroupsSection />
    </div>
  );
}
