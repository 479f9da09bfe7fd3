import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Info, Pencil, Trash2, UserRound, UsersRound } from 'lucide-react';
import type { Room } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { JoinLink } from './join-link';

/** The caller's part in a room, as its badge says it; null for an admin looking at another's room. */
export function roomPart(room: Pick<Room, 'isOwner' | 'isModerator'>, showAll: boolean) {
  if (room.isOwner) return 'owner' as const;
  if (room.isModerator) return 'moderator' as const;
  return showAll ? null : ('member' as const);
}

export interface RoomCardProps {
  room: Room;
  /** the list shows every room of the school (an admin's showAll): a room may not be the admin's at all */
  showAll: boolean;
  onDetails: () => void;
  onDelete: () => void;
}

/**
 * One room as a card (decision 068): name, my part, owner, groups and member count, and the actions: join
 * (the room page joins at once), details, and for those who may change it edit and delete.
 */
export function RoomCard({ room, showAll, onDetails, onDelete }: RoomCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const part = roomPart(room, showAll);
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          <bdi>{room.name}</bdi>
        </h2>
        {part && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
            {t(`bbb.part.${part}`)}
          </span>
        )}
      </header>
      <div className="grid gap-1 text-sm">
        <p className="flex items-center gap-2">
          <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">{t('bbb.chooser.ownedBy', { name: room.owner.name })}</span>
        </p>
        <p className="flex items-center gap-2 text-muted-foreground">
          <UsersRound className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">{t('bbb.chooser.membersLabel')}: </span>
            {room.groups.length > 0 && (
              <bdi className="text-foreground">{room.groups.map((g) => g.name).join(', ')}</bdi>
            )}
            {room.groups.length > 0 && ' · '}
            {t('bbb.chooser.memberCount', { count: room.memberCount, n: formatNumber(room.memberCount) })}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <JoinLink code={room.code} describedBy={headingId} />
        <Button type="button" variant="outline" size="sm" aria-describedby={headingId} onClick={onDetails}>
          <Info aria-hidden="true" />
          {t('bbb.chooser.details')}
        </Button>
        {room.canEdit && (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to="/app/bigbluebutton/edit" search={{ id: room.id }} aria-describedby={headingId}>
                <Pencil aria-hidden="true" />
                {t('bbb.chooser.edit')}
              </Link>
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"

              aria-describedby={headingId}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
              {t('bbb.chooser.delete')}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
