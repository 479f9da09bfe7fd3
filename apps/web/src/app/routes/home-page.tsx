import { useTranslation } from 'react-i18next';
import { HomeBanner } from '@/features/branding/components/home-banner';
import { AdminMessages } from '@/features/messages/components/admin-messages';
import { TileGrid } from '@/features/tiles/components/tile-grid';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="sr-only">{t('home.apps')}</h1>
      <HomeBanner />
      <AdminMessages />
      <TileGrid />
    </>
  );
}
