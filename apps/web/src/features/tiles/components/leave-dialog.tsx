import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { discardChanges } from '../lib/edit-store';

/** spec 4.5: asked when leaving the editor with unsaved changes; leaving discards them. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onStay()}>
      <DialogFrame
        title={t('tiles.edit.leaveTitle')}
        description={t('tiles.edit.leaveBody')}
        footer={
          <>
            <Button variant="outline" onClick={onStay}>
              {t('tiles.edit.stay')}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                discardChanges();
                onLeave();
              }}
            >
              {t('tiles.edit.leave')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
