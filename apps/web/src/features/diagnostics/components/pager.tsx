import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/** Previous / next for a paged list, with "page x of y"; hidden when everything fits on one page. */
export function Pager({
  label,
  page,
  perPage,
  total,
  onPage,
}: {
  label: string;
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label={label}>
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('diagnostics.previous')}
      </Button>
      <span className="text-sm">
        {t('diagnostics.page', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('diagnostics.next')}
      </Button>
    </nav>
  );
}
