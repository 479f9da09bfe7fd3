import { useTranslation } from 'react-i18next';
import type { DashboardTabProps } from '@/lib/dashboard';
import { ImportSection } from './import-section';

/** spec 2.3: the cim tab (superadmins only): the identity import; the role groups it applies are edited in the settings tab. */
export default function CimTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-8">
      <h2 className="text-xl font-semibold">{t('cim.title')}</h2>
      <ImportSection />
    </div>
  );
}
