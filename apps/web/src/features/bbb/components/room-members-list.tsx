import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { RoomDetails, RoomMember } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { errorMessage } from '@/lib/error-message';
import { useUpdateRoom } from '../api/update-room';

function ModeratorBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {t('bbb.part.moderator')}
    </span>
  );
}

/**
 * room-details' people (decision 068): the owner, the people added one by one with their moderator badge, and
 * for those who may change the room a switch per person that promotes or revokes at once (spec 4.6,
 * PATCH {moderator}). Members through a group are counted, not listed.
 */
export function RoomMembersList({ room }: { room: RoomDetails }) {
  const { t } = useTranslation();
  const update = useUpdateRoom();
  // the switch the user just set, shown until the server's answer and the room read afterwards are both in
  const [pending, setPending] = useState<{ id: number; moderator: boolean } | null>(null);
  const [failed, setFailed] = useState<{ id: number; error: unknown } | null>(null);

  const setModerator = (member: RoomMember, moderator: boolean) => {
    setPending({ id: member.id, moderator });
    setFailed(null);
    update.mutate(
      { id: room.id, patch: { moderator: { userId: member.id, moderator } } },
      {
        onError: (error) => setFailed({ id: member.id, error }),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <ul className="grid gap-1">
      <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1">
        <bdi className="font-medium">{room.owner.name}</bdi>
        <span className="text-xs text-muted-foreground">{t('bbb.part.ownerOf')}</span>
        <ModeratorBadge />
      </li>
      {room.members.map((member) => (
        <li key={member.id} className="grid gap-1 border-t py-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <bdi className="min-w-0 flex-1 basis-32 font-medium">{member.name}</bdi>
            {room.canEdit ? (
              <label className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                <input
                  type="checkbox"
                  role="switch"
                  className="size-4 accent-primary"
                  // optimistic while the server answers (the wanted value, not the stored one negated: the room
                  // is read again before the answer settles, and a negation flipped the switch back meanwhile);
                  // not disabled, so keyboard focus stays on it
                  checked={pending?.id === member.id ? pending.moderator : member.moderator}
                  aria-busy={pending?.id === member.id || undefined}
                  aria-label={t('bbb.form.moderatorOf', { name: member.name })}
                  onChange={(event) => pending === null && setModerator(member, event.target.checked)}
                />
                <span aria-hidden="true">{t('bbb.form.moderator')}</span>
              </label>
            ) : (
              member.moderator && <ModeratorBadge />
            )}
          </div>
          <ErrorAlert message={failed?.id === member.id ? errorMessage(t, failed.error) : null} />
        </li>
      ))}
    </ul>
  );
}
