import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { updateDraftInput, useDraft } from '../lib/app-draft';
import { GroupChooserDialog } from './group-chooser';

/** spec 2.5 group-change: the groups a tile is shown to (wanted permissions "groups"). */
export default function GroupChangeDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const draft = useDraft();
  if (!draft) {
    return (
      <DialogFrame
        title={t('dialogs.groupChange')}
        description={t('tiles.form.noDraft')}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        }
      />
    );
  }
  return (
    <GroupChooserDialog
      title={t('dialogs.groupChange')}
      description={t('tiles.groups.changeHint')}
      initial={draft.input.groups}
      confirmLabel={t('tiles.groups.apply')}
      onConfirm={(groups) => {
        updateDraftInput({ groups });
        close();
      }}
    />
  );
}
