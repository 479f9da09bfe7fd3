import { BbbSettingsSection } from '@/features/bbb-settings/components/bbb-settings-section';
import type { DashboardTabProps } from '@/lib/dashboard';

/** The Video tab (issue 21, decision 069): the school's BigBlueButton server. */
export default function VideoTab(_props: DashboardTabProps) {
  return <BbbSettingsSection />;
}
