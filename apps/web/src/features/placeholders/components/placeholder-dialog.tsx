import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { dialogTitleKey } from '@/lib/dialog-param';
import type { DialogProps } from '@/lib/dialogs';

/** Every registered dialog whose feature is not built yet opens this, titled with the dialog's name. */
export default function PlaceholderDialog({ id }: DialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={t(dialogTitleKey(id))}
      footer={
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      }
    >
      <div className="flex items-start gap-3">
        <Construction className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">{t('placeholder.body')}</p>
      </div>
    </DialogFrame>
  );
}
