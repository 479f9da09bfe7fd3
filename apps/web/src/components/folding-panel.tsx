import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * What folds on a phone and stands open on a wider screen (decision 086): the id that ties the button to what
 * it folds, whether it is open, and the class that hides it on a phone while it is folded.
 */
export function useFold() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return { id, open, setOpen, folded: open ? undefined : 'mobile:hidden' };
}

export type Fold = ReturnType<typeof useFold>;

/** The full-width button that opens and folds `fold` on a phone (hidden on a wider screen), with its chevron. */
export function FoldButton({ fold, children }: { fold: Fold; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full justify-between desktop:hidden"
      aria-expanded={fold.open}
      aria-controls={fold.id}
      onClick={() => fold.setOpen((o) => !o)}
    >
      {children}
      <ChevronDown className={cn('transition-transform', fold.open && 'rotate-180')} aria-hidden="true" />
    </Button>
  );
}

/**
 * A list page's filters as a landmark named `label`: on a phone folded behind "Filter (n)" with `count` the
 * filters set, open beside the list on a wider screen. `children` get the panel's id, for the names of
 * radio groups that must not meet another panel's.
 */
export function FilterPanel({
  label,
  countLabel,
  count,
  children,
}: {
  label: string;
  /** "Filter (n)" for `count` filters set */
  countLabel: (n: string) => string;
  count: number;
  children: (panelId: string) => ReactNode;
}) {
  const fold = useFold();
  return (
    <section aria-label={label} className="grid gap-3">
      <FoldButton fold={fold}>
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" />
          {count ? countLabel(formatNumber(count)) : label}
        </span>
      </FoldButton>
      <div
        id={fold.id}
        className={cn('grid gap-4 rounded-lg border bg-card p-4 text-card-foreground', fold.folded)}
      >
        {children(fold.id)}
      </div>
    </section>
  );
}
