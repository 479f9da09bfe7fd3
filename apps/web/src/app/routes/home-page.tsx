import { useTranslation } from 'react-i18next';
import { TileGrid } from '@/features/tiles/components/tile-grid';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="sr-only">{t('home.apps')}</h1>
      <TileGrid />
    </>
  );
}
