import { useMemo } from 'react';
import { TileIcon } from '@/lib/icons';
import { cn } from '@/lib/utils';
import type { AppDraft } from '../lib/app-draft';
import { iconColorValue, tileColorClass } from '../lib/tile-colors';

/** How the tile will look: colour, icon or uploaded image, and title. */
export function TilePreview({ draft, title }: { draft: AppDraft; title: string }) {
  // One object URL per chosen file; the browser frees it with the page (a few per edit at most).
  const fileUrl = useMemo(() => (draft.icon ? URL.createObjectURL(draft.icon) : null), [draft.icon]);
  const image = fileUrl ?? (draft.input.removeIcon ? null : draft.iconUrl);
  return (
    <div className="flex w-28 flex-col items-center gap-2" aria-hidden="true">
      <span
        className={cn(
          'flex aspect-square w-24 items-center justify-center overflow-hidden rounded-2xl shadow-sm ring-1 ring-black/5',
          tileColorClass(draft.input.color),
        )}
      >
        {image ? (
          <img src={image} alt="" className="size-3/5 object-contain" />
        ) : (
          <TileIcon
            name={draft.input.iconName}
            className="size-1/2"
            style={{ color: iconColorValue(draft.input.iconColor) }}
          />
        )}
      </span>
      <span dir="auto" className="line-clamp-2 text-center text-sm font-medium break-words">
        {title}
      </span>
    </div>
  );
}
