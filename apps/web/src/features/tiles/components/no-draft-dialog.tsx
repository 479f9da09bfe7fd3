import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';

/** A picker opened without the tile form behind it (a reloaded or shared address). */
export function NoDraftDialog({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={title}
      description={t('tiles.form.noDraft')}
      footer={
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      }
    />
  );
}
