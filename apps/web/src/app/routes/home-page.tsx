import { useTranslation } from 'react-i18next';
import { RoomCodeEntry } from '@/features/bbb/components/room-code-entry';
import { HomeBanner } from '@/features/branding/components/home-banner';
import { AdminMessages } from '@/features/messages/components/admin-messages';
import { TileGrid } from '@/features/tiles/components/tile-grid';
import { useSelf } from '@/lib/session';

export function HomePage() {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <>
      <h1 className="sr-only">{t('home.apps')}</h1>
      {/* a visitor sees the public tiles: one line says why theirs are missing (issue 19 item 5) */}
      {!self && <p className="mb-4 text-muted-foreground">{t('home.visitorWelcome')}</p>}
      <HomeBanner />
      <AdminMessages />
      <TileGrid />
      {/* issue 21: the code a teacher reads out leads to the room page (decision 069) */}
      <RoomCodeEntry className="mt-10 max-w-sm" />
    </>
  );
}
