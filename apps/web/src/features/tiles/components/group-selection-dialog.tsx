import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DIALOG_PARAM } from '@aula/contracts';
import { navigateSearch, type DialogProps } from '@/lib/dialogs';
import { parseGroupIds } from '../lib/edit-search';
import { GroupChooserDialog } from './group-chooser';

/** spec 2.5 group-selection: which groups the edit mode's groups tab previews. */
export default function GroupSelectionDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const current = useSearch({ strict: false, select: (s) => (s as { groups?: string }).groups });
  return (
    <GroupChooserDialog
      title={t('dialogs.groupSelection')}
      description={t('tiles.groups.previewHint')}
      initial={parseGroupIds(current)}
      confirmLabel={t('tiles.groups.preview')}
      onConfirm={(groups) => {
        // one navigation: the preview's groups change and the dialog closes
        void navigateSearch(router, {
          to: '/edit',
          search: (prev) => ({
            ...prev,
            tab: 'groups',
            groups: groups.length > 0 ? groups.join(',') : undefined,
            [DIALOG_PARAM]: undefined,
          }),
          replace: true,
        });
        void close;
      }}
    />
  );
}
