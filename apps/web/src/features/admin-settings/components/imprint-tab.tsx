import { useTranslation } from 'react-i18next';
import type { DashboardTabProps } from '@/lib/dashboard';
import { TextEditor } from './text-editor';

export default function ImprintTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">{t('adminSettings.imprint.title')}</h2>
      <TextEditor textKey="imprint" />
    </div>
  );
}
