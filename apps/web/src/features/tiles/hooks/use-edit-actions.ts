import { useRef, useState } from 'react';
import { useBlocker, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DIALOG_PARAM, type LayoutType } from '@aula/contracts';
import { useConfirm, useConfirmDelete } from '@/lib/confirm';
import { navigateSearch } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useResetPersonalLayout, useSaveLayout } from '../api/save-layout';
import { afterDialogsClosed } from '../lib/after-dialogs-closed';
import type { EditTab } from '../lib/edit-search';
import { getEditState, isDirty, markSaved, stopEditing, type EditState } from '../lib/edit-store';

/**
 * What the edit page does: leave (asking first while there are unsaved changes), save or publish, reset the
 * personal layout, open a tile's dialog, switch tabs; and the save error, focused when it appears.
 */
export function useEditActions({
  editing,
  dirty,
  editLayoutType,
}: {
  editing: EditState | null;
  dirty: boolean;
  editLayoutType: LayoutType;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const confirm = useConfirm();
  const confirmDelete = useConfirmDelete();
  const save = useSaveLayout();
  const resetPersonal = useResetPersonalLayout();
  const errorRef = useRef<HTMLDivElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const leaving = useRef(false);

  // spec 4.5: leaving with unsaved changes asks first (links, Back, another tab of the editor, closing the page).
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (leaving.current || !isDirty(getEditState())) return false;
      const nextSearch = next.search as { tab?: string; groups?: string };
      const currentSearch = current.search as { tab?: string; groups?: string };
      return (
        next.pathname !== current.pathname ||
        nextSearch.tab !== currentSearch.tab ||
        nextSearch.groups !== currentSearch.groups
      );
    },
    enableBeforeUnload: () => !leaving.current && isDirty(getEditState()),
    withResolver: true,
  });

  const leaveTo = async (to: '/') => {
    await afterDialogsClosed(router);
    leaving.current = true;
    await navigate({ to });
  };

  const exitEditMode = async () => {
    if (dirty) {
      const yes = await confirm('exit-edit-mode-confirmation', {
        title: t('tiles.edit.exitTitle'),
        description: t('tiles.edit.exitBody'),
        confirmLabel: t('tiles.edit.exitConfirm'),
        variant: 'default',
      });
      if (!yes) return;
    }
    await leaveTo('/');
  };

  const publish = async () => {
    if (!editing) return;
    if (editLayoutType !== 'personal') {
      const yes = await confirm('publish-confirmation', {
        title: t('tiles.edit.publishTitle'),
        description: t(
          editLayoutType === 'logged-out' ? 'tiles.edit.publishLoggedOut' : 'tiles.edit.publishLoggedIn',
        ),
        confirmLabel: t('tiles.edit.publish'),
        variant: 'default',
      });
      if (!yes) return;
      await afterDialogsClosed(router);
    }
    setSaveError(null);
    try {
      await save.mutateAsync({ layoutType: editLayoutType, ids: editing.layout });
      markSaved();
      notify({
        type: 'success',
        title: t(editLayoutType === 'personal' ? 'tiles.edit.saved' : 'tiles.edit.published'),
      });
      // spec 4.5: saving the layout ends edit mode
      await leaveTo('/');
    } catch (error) {
      // spec 8: a failed layout save sets the main content error; the arrangement stays as it is.
      setSaveError(errorMessage(t, error));
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  const resetLayout = async () => {
    const yes = await confirmDelete({
      title: t('tiles.edit.resetTitle'),
      description: t('tiles.edit.resetBody'),
      confirmLabel: t('tiles.edit.resetConfirm'),
    });
    if (!yes) return;
    try {
      stopEditing();
      await resetPersonal.mutateAsync();
      notify({ type: 'success', title: t('tiles.edit.resetDone') });
    } catch (error) {
      setSaveError(errorMessage(t, error));
    }
  };

  const editTile = (id: number) =>
    void navigateSearch(router, {
      search: (prev) => ({ ...prev, app: id, [DIALOG_PARAM]: 'edit-app' }),
      state: () => ({ openedDialog: 'edit-app' }),
    });

  const switchTab = (next: EditTab) =>
    void navigateSearch(router, {
      to: '/edit',
      search: (prev) => ({ ...prev, tab: next }),
      replace: true,
    });

  return {
    blocker,
    save,
    resetPersonal,
    saveError,
    errorRef,
    exitEditMode,
    publish,
    resetLayout,
    editTile,
    switchTab,
  };
}
