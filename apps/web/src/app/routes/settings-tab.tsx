import SettingsTab from '@/features/admin-settings/components/settings-tab';
import { RoleGroupsSection } from '@/features/cim/components/role-groups-section';
import { OidcSettingsSection } from '@/features/sso-settings/components/oidc-settings-section';
import { SamlSettingsSection } from '@/features/sso-settings/components/saml-settings-section';
import type { DashboardTabProps } from '@/lib/dashboard';

/**
 * The settings tab: the school's settings, its identity provider (decision 038), then the role groups that map
 * the provider's and the import's groups to roles (decision 036).
 */
export default function SettingsWithRoleGroupsTab(props: DashboardTabProps) {
  return (
    <div className="grid gap-10">
      <SettingsTab {...props} />
      <OidcSettingsSection />
      <SamlSettingsSection />
      <RoleGroupsSection />
    </div>
  );
}
