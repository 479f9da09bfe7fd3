import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { RoomDetails } from '@aula/contracts';
import { LoadingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogFrame,
  DialogHeader,
  DialogSection,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { roomQueryOptions } from '../api/get-room';
import { useDialogRoom, useOpenRoomDialog } from '../hooks/use-room-dialog';
import { GuestAccess } from './guest-access';
import { JoinLink } from './join-link';
import { RoomMembersList } from './room-members-list';

/** Whether the meeting runs, as room-details says it: running (with how many), not running, or unknown. */
export function meetingState(room: Pick<RoomDetails, 'running' | 'participantCount'>) {
  if (room.running === null) return { key: 'bbb.details.unknown' as const, count: null };
  if (!room.running) return { key: 'bbb.details.notRunning' as const, count: null };
  return room.participantCount === null
    ? { key: 'bbb.details.running' as const, count: null }
    : { key: 'bbb.details.runningWith' as const, count: room.participantCount };
}

function Details({ room }: { room: RoomDetails }) {
  const { t } = useTranslation();
  const id = useId();
  const openRoom = useOpenRoomDialog();
  const state = meetingState(room);
  const s = room.settings;
  return (
    <DialogContent aria-describedby={`${id}-state`} className="desktop:max-w-2xl">
      <DialogHeader>
        <DialogTitle className="break-words">
          <bdi>{room.name}</bdi>
        </DialogTitle>
        <p
          id={`${id}-state`}
          className={cn(
            'flex items-center gap-2 text-sm',
            room.running ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('size-2.5 rounded-full', room.running ? 'bg-green-600' : 'bg-muted-foreground/50')}
          />
          {state.count === null
            ? t(state.key)
            : t(state.key, { count: state.count, n: formatNumber(state.count) })}
        </p>
      </DialogHeader>
      <GuestAccess room={room} />
      <DialogSection id={`${id}-people`} title={t('bbb.details.people')}>
        {room.groups.length > 0 && (
          <p className="text-sm">
            {t('bbb.details.groups')}: <bdi>{room.groups.map((g) => g.name).join(', ')}</bdi>
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {t('bbb.chooser.memberCount', { count: room.memberCount, n: formatNumber(room.memberCount) })}
        </p>
        <RoomMembersList room={room} />
      </DialogSection>
      <DialogSection id={`${id}-settings`} title={t('bbb.form.settings')}>
        <ul className="grid list-disc gap-1 ps-5 text-sm">
          <li>{t(s.muteOnJoin ? 'bbb.details.muted' : 'bbb.details.notMuted')}</li>
          <li>{t(`bbb.form.guests.${s.guestPolicy}`)}</li>
          <li>{t(s.anyoneCanStart ? 'bbb.form.start.anyone' : 'bbb.form.start.moderators')}</li>
          <li>
            {s.maxParticipants === null
              ? t('bbb.details.noLimit')
              : t('bbb.details.limit', { n: formatNumber(s.maxParticipants) })}
          </li>
        </ul>
      </DialogSection>
      {/* on a phone the four actions sit in two rows of two, join first, so the sticky foot stays small */}
      <DialogFooter sticky className="mobile:grid mobile:grid-cols-2 desktop:justify-between">
        {room.canEdit && (
          <div className="contents desktop:flex desktop:gap-2">
            <Button
              type="button"
              variant="ghost"
              className="mobile:order-4"
              onClick={() => void openRoom('bbb:delete-room', room.id, { replace: true })}
            >
              <Trash2 aria-hidden="true" />
              {t('bbb.chooser.delete')}
            </Button>
            <Button asChild variant="outline" className="mobile:order-3">
              <Link to="/app/bigbluebutton/edit" search={{ id: room.id }}>
                <Pencil aria-hidden="true" />
                {t('bbb.chooser.edit')}
              </Link>
            </Button>
          </div>
        )}
        <div className="contents desktop:ms-auto desktop:flex desktop:gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline" className="mobile:order-2">
              {t('common.close')}
            </Button>
          </DialogClose>
          <JoinLink code={room.code} className="h-9 px-4 mobile:order-1 coarse:h-11" />
        </div>
      </DialogFooter>
    </DialogContent>
  );
}

/** A room the address names that cannot be shown: none named, gone, or not the caller's. */
function Missing({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const gone = error === undefined || (error instanceof ApiError && [403, 404].includes(error.status));
  return (
    <DialogFrame
      title={t('dialogs.bbbRoomDetails')}
      description={gone ? t('bbb.details.missing') : undefined}
      footer={
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      }
    >
      {!gone && <ErrorAlert message={errorMessage(t, error)} />}
    </DialogFrame>
  );
}

/**
 * spec 2.5 `bbb:room-details` (decision 068): the room of `?room=`, with whether its meeting runs, its code and
 * guest link to copy (and for moderators a new code), its people with moderator badges, its settings, join,
 * and for those who may change it edit and delete.
 */
export default function RoomDetailsDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const roomId = useDialogRoom();
  const room = useQuery({ ...roomQueryOptions(roomId ?? 0), enabled: roomId !== undefined });
  if (roomId === undefined) return <Missing />;
  if (room.isError) return <Missing error={room.error} />;
  if (!room.data) return <LoadingDialog title={t('dialogs.bbbRoomDetails')} />;
  return <Details room={room.data} />;
}
