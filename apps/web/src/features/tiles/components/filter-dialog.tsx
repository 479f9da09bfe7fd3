import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { UnusedFilterControls } from './unused-filter';

/** spec 2.5 filter: the unused list's filter, as a dialog on small screens. */
export default function FilterDialog(_: DialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={t('dialogs.filter')}
      description={t('tiles.edit.filterHint')}
      footer={
        <DialogClose asChild>
          <Button>{t('common.done')}</Button>
        </DialogClose>
      }
    >
      <UnusedFilterControls />
    </DialogFrame>
  );
}
