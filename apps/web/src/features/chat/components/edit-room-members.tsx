import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck, UserMinus, Users } from 'lucide-react';
import type { ChatMember, ChatRoomDetails } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { useAddChatMembers, useRemoveChatMembers } from '../api/room-members';
import { usePatchChatRoom } from '../api/patch-room';
import { PeoplePicker, PersonType } from './people-picker';
import type { ChatFormPerson, ChatGroup } from './room-form';

function ModeratorBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {t('chat.people.moderator')}
    </span>
  );
}

/** Who is in the room, in edit-room: groups and people, each removable, people promotable (decision 072). */
export function EditRoomMembers({
  room,
  onDone,
}: {
  room: ChatRoomDetails;
  /** a change was made: announced in the dialog's status line */
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const patch = usePatchChatRoom();
  const remove = useRemoveChatMembers();
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const ownerId = room.owner?.id;

  const run = (
    key: string,
    action: (handlers: {
      onSuccess: () => void;
      onError: (e: unknown) => void;
      onSettled: () => void;
    }) => void,
    done: string,
  ) => {
    setPending(key);
    setFailed(null);
    action({ onSuccess: () => onDone(done), onError: setFailed, onSettled: () => setPending(null) });
  };
  const setModerator = (member: ChatMember, moderator: boolean) =>
    run(
      `m${member.id}`,
      (handlers) =>
        patch.mutate({ roomId: room.id, patch: { moderator: { userId: member.id, moderator } } }, handlers),
      t(moderator ? 'chat.rooms.edit.promoted' : 'chat.rooms.edit.revoked', { name: member.name }),
    );
  const removePerson = (member: ChatMember) =>
    run(
      `p${member.id}`,
      (handlers) => remove.mutate({ roomId: room.id, userIds: [member.id] }, handlers),
      t('chat.rooms.edit.removed', { name: member.name }),
    );
  const removeGroup = (group: ChatGroup) =>
    run(
      `g${group.id}`,
      (handlers) => remove.mutate({ roomId: room.id, groupIds: [group.id] }, handlers),
      t('chat.rooms.edit.removed', { name: group.name }),
    );

  return (
    <div className="grid gap-3">
      {room.groups.length > 0 && (
        <ul aria-label={t('chat.people.groups')} className="grid gap-1">
          {room.groups.map((group) => (
            <li
              key={group.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-2 py-1"
            >
              <Users className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="grid min-w-0 flex-1 basis-32">
                <bdi className="truncate font-medium">{group.name}</bdi>
                <span className="text-xs text-muted-foreground">{t('chat.people.group')}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                loading={pending === `g${group.id}`}
                aria-label={t('chat.rooms.edit.removeFromRoom', { name: group.name })}
                onClick={() => removeGroup(group)}
              >
                <UserMinus aria-hidden="true" />
                {t('chat.rooms.edit.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ul
        aria-label={t('chat.rooms.edit.people', {
          count: room.members.length,
          n: formatNumber(room.members.length),
        })}
        className="grid max-h-80 gap-1 overflow-y-auto"
      >
        {room.members.map((member) => {
          const isOwner = member.id === ownerId;
          return (
            <li
              key={member.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t py-1 first:border-t-0"
            >
              <span className="grid min-w-0 flex-1 basis-40">
                <bdi className="truncate font-medium">{member.name}</bdi>
                <span className="flex flex-wrap gap-x-2">
                  <PersonType type={member.type} />
                  {isOwner && (
                    <span className="text-xs text-muted-foreground">{t('chat.rooms.edit.owner')}</span>
                  )}
                  {member.viaGroup && (
                    <span className="text-xs text-muted-foreground">{t('chat.rooms.edit.viaGroup')}</span>
                  )}
                </span>
              </span>
              {isOwner ? (
                <ModeratorBadge />
              ) : member.viaGroup ? (
                // decision 072: moderators are people added one by one; a group's members come and go with it
                member.moderator && <ModeratorBadge />
              ) : (
                <>
                  <label className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                    <input
                      type="checkbox"
                      role="switch"
                      className="size-4 accent-primary"
                      // optimistic while the server answers; not disabled, so keyboard focus stays on it
                      checked={pending === `m${member.id}` ? !member.moderator : member.moderator}
                      aria-label={t('chat.people.moderatorOf', { name: member.name })}
                      onChange={(event) => pending === null && setModerator(member, event.target.checked)}
                    />
                    <span aria-hidden="true">{t('chat.people.moderator')}</span>
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    loading={pending === `p${member.id}`}
                    aria-label={t('chat.rooms.edit.removeFromRoom', { name: member.name })}
                    onClick={() => removePerson(member)}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorAlert message={failed ? errorMessage(t, failed) : null} />
    </div>
  );
}

/** edit-room's "add": people and groups within reach (for=room), added in one call (/room/addUsers). */
export function EditRoomAdd({ room, onDone }: { room: ChatRoomDetails; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const add = useAddChatMembers();
  const [people, setPeople] = useState<ChatFormPerson[]>([]);
  const [groups, setGroups] = useState<ChatGroup[]>([]);
  const [empty, setEmpty] = useState(false);
  const searchId = `edit-room-${room.id}-search`;
  const count = people.length + groups.length;
  const submit = () => {
    if (count === 0) {
      setEmpty(true);
      document.getElementById(searchId)?.focus();
      return;
    }
    setEmpty(false);
    add.mutate(
      { roomId: room.id, userIds: people.map((p) => p.id), groupIds: groups.map((g) => g.id) },
      {
        onSuccess: () => {
          onDone(t('chat.rooms.edit.added', { count, n: formatNumber(count) }));
          setPeople([]);
          setGroups([]);
        },
      },
    );
  };
  const error = empty ? t('chat.rooms.edit.addNobody') : add.isError ? errorMessage(t, add.error) : null;
  return (
    <div className="grid gap-3">
      <PeoplePicker
        legend={t('chat.rooms.edit.addLegend')}
        people={people}
        groups={groups}
        onPeople={setPeople}
        onGroups={setGroups}
        exclude={{
          people: room.members.filter((m) => !m.viaGroup).map((m) => m.id),
          groups: room.groups.map((g) => g.id),
        }}
        withModerators={false}
        error={error}
        errorId={`${searchId}-error`}
        searchId={searchId}
      />
      <Button type="button" variant="secondary" className="w-fit" loading={add.isPending} onClick={submit}>
        {add.isPending ? t('chat.rooms.edit.adding') : t('chat.rooms.edit.add')}
      </Button>
    </div>
  );
}
