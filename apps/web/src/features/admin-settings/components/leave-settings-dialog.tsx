import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { formatNumber } from '@/lib/format';

/** Asked when leaving the settings tab with unsaved changes (decision 060); leaving discards them. */
export function LeaveSettingsDialog({
  count,
  onStay,
  onLeave,
}: {
  count: number;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onStay()}>
      <DialogFrame
        title={t('adminSettings.leave.title')}
        description={t('adminSettings.leave.body', { count, n: formatNumber(count) })}
        footer={
          <>
            <Button variant="outline" onClick={onStay}>
              {t('adminSettings.leave.stay')}
            </Button>
            <Button variant="destructive" onClick={onLeave}>
              {t('adminSettings.leave.leave')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
