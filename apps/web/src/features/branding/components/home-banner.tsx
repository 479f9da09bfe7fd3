import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { currentLocale } from '@/lib/i18n';
import { bannerQueryOptions } from '../api/banner';
import { BannerView } from './banner-view';

/** The school's banner above the tiles (spec 3.6), for visitors and signed-in users alike. */
export function HomeBanner() {
  const { i18n } = useTranslation();
  const banner = useQuery(bannerQueryOptions());
  if (!banner.data?.enabled || !banner.data.text.de) return null;
  return (
    <div className="mx-auto mb-4 w-full max-w-5xl">
      <BannerView banner={banner.data} lang={i18n.resolvedLanguage ?? currentLocale()} />
    </div>
  );
}
