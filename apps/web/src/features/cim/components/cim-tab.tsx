import type { DashboardTabProps } from '@/lib/dashboard';
import { ImportSection } from './import-section';

/**
 * spec 2.3: the cim tab (superadmins only): the identity import; the role groups it applies are edited in the
 * sign-in providers' tab. The dashboard page gives the tab its h1.
 */
export default function CimTab(_props: DashboardTabProps) {
  return (
    <div className="grid gap-8">
      <ImportSection />
    </div>
  );
}
