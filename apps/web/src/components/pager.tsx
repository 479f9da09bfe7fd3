import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/**
 * "11–20 von 45" for the entries a page shows, or "Keine Einträge" for an empty list (issue 19: never "0–0 von 0").
 */
export function pageRangeText(t: TFunction, page: number, perPage: number, total: number): string {
  if (total <= 0) return t('pager.empty');
  return t('pager.range', {
    from: formatNumber((page - 1) * perPage + 1),
    to: formatNumber(Math.min(total, page * perPage)),
    total: formatNumber(total),
  });
}

/**
 * Previous / next for a paged list, with "page x of y"; hidden when everything fits on one page. `label`
 * names the navigation landmark (default "Pages") when a screen has more than one.
 */
export function Pager({
  label,
  page,
  perPage,
  total,
  onPage,
}: {
  label?: string;
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label={label ?? t('pager.pages')}>
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">
        {t('pager.page', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
        <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
      </Button>
    </nav>
  );
}
