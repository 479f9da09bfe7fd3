import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Video } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * "Beitreten" (decision 068): a link to the room page with `?join=1`, which joins at once and owns the waiting
 * state (decision 069); a real link, so it opens in a new tab too.
 */
export function JoinLink({
  code,
  describedBy,
  className,
}: {
  code: string;
  describedBy?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/b/$id"
      params={{ id: code }}
      search={{ join: 1 }}
      aria-describedby={describedBy}
      className={cn(buttonVariants({ size: 'sm' }), className)}
    >
      <Video aria-hidden="true" className="rtl:-scale-x-100" />
      {t('bbb.chooser.join')}
    </Link>
  );
}
