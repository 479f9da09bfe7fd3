import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Video } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The room page that joins at once (`?join=1`, helper W2's /b/{code}): it knows the waiting state. */
export function roomJoinHref(code: string): string {
  return `/b/${encodeURIComponent(code)}?join=1`;
}

/**
 * "Beitreten" (decision 068): a real link to the room page, so it opens in a new tab too; a plain click stays
 * in the app (the router's navigation, no reload).
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
  const router = useRouter();
  const href = roomJoinHref(code);
  return (
    <a
      href={href}
      aria-describedby={describedBy}
      className={cn(buttonVariants({ size: 'sm' }), className)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      <Video aria-hidden="true" className="rtl:-scale-x-100" />
      {t('bbb.chooser.join')}
    </a>
  );
}
