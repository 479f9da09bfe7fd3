import { useTranslation } from 'react-i18next';
import type { ChatRoomConfig } from '@aula/contracts';

const optionClass = 'flex min-h-9 cursor-pointer items-start gap-2 py-1 text-sm coarse:min-h-11';

/** The room's config of spec 7.3 /{roomId}/config: announcements (only moderators post) and uploads. */
export function RoomConfigFields({
  value,
  onChange,
  disabled = false,
}: {
  value: ChatRoomConfig;
  onChange: (next: ChatRoomConfig) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className={optionClass}>
        <input
          type="checkbox"
          checked={value.announcements}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, announcements: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span className="grid gap-0.5">
          {t('chat.rooms.config.announcements')}
          <span className="text-xs text-muted-foreground">{t('chat.rooms.config.announcementsHint')}</span>
        </span>
      </label>
      <label className={optionClass}>
        <input
          type="checkbox"
          checked={value.uploads}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, uploads: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span className="grid gap-0.5">
          {t('chat.rooms.config.uploads')}
          <span className="text-xs text-muted-foreground">{t('chat.rooms.config.uploadsHint')}</span>
        </span>
      </label>
    </>
  );
}
