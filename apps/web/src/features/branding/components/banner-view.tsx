import { useTranslation } from 'react-i18next';
import { ExternalLink, Info, OctagonAlert, TriangleAlert } from 'lucide-react';
import { pickText, type Banner, type BannerType } from '@aula/contracts';
import { cn } from '@/lib/utils';

const LOOKS: Record<BannerType, { icon: typeof Info; box: string; iconClass: string }> = {
  info: { icon: Info, box: 'border-primary/40 bg-primary/10', iconClass: 'text-primary' },
  warning: {
    icon: TriangleAlert,
    box: 'border-amber-500 bg-amber-50 dark:bg-amber-950/40',
    iconClass: 'text-amber-700 dark:text-amber-400',
  },
  attention: {
    icon: OctagonAlert,
    box: 'border-destructive bg-destructive/10',
    iconClass: 'text-destructive',
  },
};

/** The banner as the home page shows it, in one language (else German); the type is an icon and a word. */
export function BannerView({ banner, lang }: { banner: Banner; lang: string }) {
  const { t } = useTranslation();
  const look = LOOKS[banner.type];
  const Icon = look.icon;
  const text = pickText(banner.text, lang);
  const linkText = pickText(banner.linkText, lang);
  return (
    <aside
      aria-label={t('banner.region')}
      className={cn('flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border px-4 py-3', look.box)}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', look.iconClass)} aria-hidden="true" />
      <p className="min-w-0 flex-1 whitespace-pre-line" lang={text.lang} dir="auto">
        <span className="sr-only">{t(`banner.types.${banner.type}`)}: </span>
        {text.text}
      </p>
      {banner.linkUrl && (
        <a
          href={banner.linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          lang={linkText.text ? linkText.lang : undefined}
        >
          {linkText.text || t('banner.moreLink')}
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('banner.newTab')}</span>
        </a>
      )}
    </aside>
  );
}
