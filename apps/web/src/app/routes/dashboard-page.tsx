import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/features/placeholders/components/coming-soon-page';
import { isDashboardTab } from '../dashboard-tabs';

const routeApi = getRouteApi('/shell/dashboard/$tab/{-$subpage}');

export function DashboardPage() {
  const { t } = useTranslation();
  const { tab } = routeApi.useParams();
  return <ComingSoonPage detail={isDashboardTab(tab) ? t(`dashboard.tabs.${tab}`) : undefined} />;
}
