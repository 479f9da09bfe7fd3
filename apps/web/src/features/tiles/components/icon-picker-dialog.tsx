import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { DialogProps } from '@/lib/dialogs';
import { NoDraftDialog } from './no-draft-dialog';
import { TILE_ICON_NAMES, TileIcon, type TileIconName } from '@/lib/icons';
import { cn } from '@/lib/utils';
import { blockEnter } from '../lib/block-enter';
import { updateDraft, useDraft } from '../lib/app-draft';

/** spec 2.5 icon-picker: chooses the tile's icon; choosing drops an uploaded icon. */
export default function IconPickerDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const draft = useDraft();
  const [query, setQuery] = useState('');
  const label = (name: TileIconName): string => t(`icons.${name}`);
  const q = query.trim().toLocaleLowerCase();
  const shown = TILE_ICON_NAMES.filter(
    (name) => !q || label(name).toLocaleLowerCase().includes(q) || name.includes(q),
  );

  if (!draft) return <NoDraftDialog title={t('dialogs.iconPicker')} />;
  return (
    <DialogFrame title={t('dialogs.iconPicker')} className="max-w-xl">
      <Input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={blockEnter}
        aria-label={t('tiles.iconSearch')}
        placeholder={t('tiles.iconSearch')}
      />
      <ul className="grid grid-cols-5 gap-2 desktop:grid-cols-8" aria-label={t('dialogs.iconPicker')}>
        {shown.map((name) => {
          const selected =
            draft.input.iconName === name && (draft.input.removeIcon || (!draft.icon && !draft.iconUrl));
          return (
            <li key={name}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={label(name)}
                title={label(name)}
                onClick={() => {
                  updateDraft((c) => ({
                    ...c,
                    icon: null,
                    input: { ...c.input, iconName: name, removeIcon: c.iconUrl !== null },
                  }));
                  close();
                }}
                className={cn(
                  'relative flex aspect-square w-full items-center justify-center rounded-lg border outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring',
                  selected && 'border-primary bg-primary/10',
                )}
              >
                <TileIcon name={name} className="size-6" aria-hidden="true" />
                {selected && (
                  <Check className="absolute end-0.5 top-0.5 size-3.5 text-primary" aria-hidden="true" />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && <p className="text-sm text-muted-foreground">{t('tiles.noIcons')}</p>}
    </DialogFrame>
  );
}
