import { useTranslation } from 'react-i18next';
import { filterUnused } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { currentLocale } from '@/lib/i18n';
import { useSelf } from '@/lib/session';
import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { addToLayout, useEditState, useUnusedFilter } from '../lib/edit-store';
import { SortableUnusedTile } from './edit-tile';
import { UnusedFilterControls } from './unused-filter';

/** spec 2.5 add-apps: the unused tiles with their filter; each one is added to the layout by its button. */
export default function AddAppsDialog(_: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const state = useEditState();
  const filter = useUnusedFilter();
  const shown = state
    ? filterUnused(
        state.unused.map((id) => state.tiles.get(id)!),
        {
          ...filter,
          laraId: self?.lara_id ?? '',
          groupIds: self?.groups.map((g) => g.id) ?? [],
          locale: currentLocale(),
        },
      )
    : [];
  return (
    <DialogFrame
      title={t('dialogs.addApps')}
      description={state ? t('tiles.edit.addHint') : t('tiles.form.noDraft')}
      footer={
        <DialogClose asChild>
          <Button>{t('common.done')}</Button>
        </DialogClose>
      }
    >
      {state && (
        <>
          <UnusedFilterControls />
          <DndContext>
            <SortableContext items={[]}>
              <ul className="grid gap-2" aria-label={t('tiles.edit.unusedHeading')}>
                {shown.map((tile) => (
                  <SortableUnusedTile
                    key={tile.id}
                    tile={tile}
                    sortable={false}
                    canEdit={false}
                    onAdd={() => addToLayout(tile.id)}
                    onEdit={() => undefined}
                  />
                ))}
                {shown.length === 0 && (
                  <li className="text-sm text-muted-foreground">{t('tiles.edit.noMatches')}</li>
                )}
              </ul>
            </SortableContext>
          </DndContext>
        </>
      )}
    </DialogFrame>
  );
}
