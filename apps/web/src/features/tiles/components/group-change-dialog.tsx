import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/lib/dialogs';
import { NoDraftDialog } from './no-draft-dialog';
import { updateDraftInput, useDraft } from '../lib/app-draft';
import { GroupChooserDialog } from './group-chooser';

/** spec 2.5 group-change: the groups a tile is shown to (wanted permissions "groups"). */
export default function GroupChangeDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const draft = useDraft();
  if (!draft) return <NoDraftDialog title={t('dialogs.groupChange')} />;
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
