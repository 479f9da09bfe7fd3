import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { PALETTE_HUES, PALETTE_SHADES, type PaletteColor } from '@aula/contracts';
import { DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { NoDraftDialog } from './no-draft-dialog';
import { cn } from '@/lib/utils';
import { updateDraftInput, useDraft } from '../lib/app-draft';
import { tileColorClass } from '../lib/tile-colors';

/** spec 2.5 color-picker: the 8 × 5 palette of spec 3.6, one row per hue. */
export default function ColorPickerDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const draft = useDraft();
  if (!draft) return <NoDraftDialog title={t('dialogs.colorPicker')} />;
  return (
    <DialogFrame title={t('dialogs.colorPicker')}>
      <div className="grid gap-2">
        {PALETTE_HUES.map((hue) => (
          <div
            key={hue}
            role="group"
            aria-label={t(`colors.${hue}`)}
            className="grid grid-cols-[5rem_repeat(5,1fr)] items-center gap-2"
          >
            <span className="text-sm text-muted-foreground" aria-hidden="true">
              {t(`colors.${hue}`)}
            </span>
            {PALETTE_SHADES.map((shade) => {
              const color = `${hue}-${shade}` as PaletteColor;
              const selected = draft.input.color === color;
              return (
                <button
                  key={color}
                  type="button"
                  aria-pressed={selected}
                  aria-label={t('colors.swatch', { hue: t(`colors.${hue}`), shade })}
                  onClick={() => {
                    updateDraftInput({ color });
                    close();
                  }}
                  className={cn(
                    'flex h-9 items-center justify-center rounded-md ring-1 ring-black/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2',
                    tileColorClass(color),
                    selected && 'ring-2 ring-foreground ring-offset-2 ring-offset-background',
                  )}
                >
                  {selected && <Check className="size-4" aria-hidden="true" />}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </DialogFrame>
  );
}
