import { RoleGroupsSection } from '@/features/cim/components/role-groups-section';
import { OidcSettingsSection } from '@/features/sso-settings/components/oidc-settings-section';
import { SamlSettingsSection } from '@/features/sso-settings/components/saml-settings-section';
import type { DashboardTabProps } from '@/lib/dashboard';

/**
 * The sso tab "Anmeldedienste" (issue 19, decision 060): the school's identity providers (decision 038), then the
 * role groups that map the provider's and the import's groups to roles (decision 036).
 */
export default function SsoTab(_props: DashboardTabProps) {
  return (
    <div className="grid gap-10">
      <OidcSettingsSection />
      <SamlSettingsSection />
      <RoleGroupsSection />
    </div>
  );
}
