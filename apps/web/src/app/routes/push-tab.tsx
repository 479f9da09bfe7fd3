import { PushSettingsSection } from '@/features/push-settings/components/push-settings-section';
import type { DashboardTabProps } from '@/lib/dashboard';

/** The Push tab (issue 23, decision 073): the school's Web Push status, contact address and keys. */
export default function PushTab(_props: DashboardTabProps) {
  return <PushSettingsSection />;
}
