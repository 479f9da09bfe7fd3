import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Save, Trash2 } from 'lucide-react';
import { MAX_CHAT_ROOM_NAME, type ChatRoomConfig, type ChatRoomDetails } from '@aula/contracts';
import { CheckedField, useIssueText } from '@/components/form-kit';
import { DialogCloseButton, OneThingDialog } from '@/components/loading-dialog';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { useConfirmDelete } from '@/lib/confirm';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { optionalInt } from '@/lib/search-params';
import { useDeleteChatRoom } from '../api/delete-room';
import { usePatchChatRoom } from '../api/patch-room';
import { useSaveChatRoomConfig } from '../api/room-config';
import { chatRoomQueryOptions } from '../api/room';
import { EditRoomAdd, EditRoomMembers } from './edit-room-members';
import { PersonType } from './people-picker';
import { checkRoomName } from './room-form';
import { RoomConfigFields } from './room-form-config';

/** The room the dialog is about: the chat page's `room` in the address (`/app/chat?room=7&dialog=chat:edit-room`). */
function useDialogRoom(): number | undefined {
  return useSearch({
    strict: false,
    select: (search) => optionalInt((search as { room?: unknown }).room, { positive: true }),
  });
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 border-t pt-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function RenameForm({ room, onDone }: { room: ChatRoomDetails; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const issueText = useIssueText();
  const patch = usePatchChatRoom();
  const [name, setName] = useState(room.name);
  const [checked, setChecked] = useState(false);
  const local = checked ? checkRoomName(name) : null;
  const error = local
    ? issueText(local)
    : patch.isError && !patch.isPending
      ? errorMessage(t, patch.error)
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (checkRoomName(name)) return document.getElementById(`${id}-name`)?.focus();
    const trimmed = name.trim();
    if (trimmed === room.name) return onDone(t('chat.rooms.edit.unchanged'));
    patch.mutate(
      { roomId: room.id, patch: { name: trimmed } },
      { onSuccess: () => onDone(t('chat.rooms.edit.renamed', { name: trimmed })) },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <CheckedField
        id={`${id}-name`}
        label={t('chat.rooms.form.name')}
        autoComplete="off"
        maxLength={MAX_CHAT_ROOM_NAME}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
        errorId={`${id}-error`}
      />
      <Button type="submit" variant="secondary" className="w-fit" loading={patch.isPending}>
        <Save aria-hidden="true" />
        {t('chat.rooms.edit.rename')}
      </Button>
    </form>
  );
}

function ConfigForm({ room, onDone }: { room: ChatRoomDetails; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveChatRoomConfig();
  const [config, setConfig] = useState<ChatRoomConfig>(room.config);
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ roomId: room.id, config }, { onSuccess: () => onDone(t('chat.rooms.config.saved')) });
      }}
    >
      <RoomConfigFields value={config} onChange={setConfig} />
      <ErrorAlert message={save.isError && !save.isPending ? errorMessage(t, save.error) : null} />
      <Button type="submit" variant="secondary" className="w-fit" loading={save.isPending}>
        <Save aria-hidden="true" />
        {t('chat.rooms.config.save')}
      </Button>
    </form>
  );
}

function EditRoom({ room }: { room: ChatRoomDetails }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const remove = useDeleteChatRoom();
  const [status, setStatus] = useState<string | null>(null);

  const deleteRoom = async () => {
    const confirmed = await confirmDelete({
      title: t('chat.rooms.delete.title', { name: room.name }),
      description: t('chat.rooms.delete.body'),
      confirmLabel: t('chat.rooms.delete.confirm'),
    });
    if (!confirmed) return;
    remove.mutate(room.id, {
      onSuccess: () => {
        notify({ type: 'success', title: t('chat.rooms.delete.done', { name: room.name }) });
        void navigate({ to: '/app/chat', search: {}, replace: true });
      },
    });
  };

  return (
    <DialogFrame
      title={t('chat.rooms.edit.title', { name: room.name })}
      className="desktop:max-w-2xl"
      footer={
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      }
    >
      <NoticeStatus message={status} />
      <RenameForm room={room} onDone={setStatus} />
      <Section id={`${id}-config`} title={t('chat.rooms.config.legend')}>
        <ConfigForm room={room} onDone={setStatus} />
      </Section>
      <Section id={`${id}-members`} title={t('chat.rooms.edit.members')}>
        <EditRoomMembers room={room} onDone={setStatus} />
      </Section>
      <Section id={`${id}-add`} title={t('chat.rooms.edit.addTitle')}>
        <EditRoomAdd room={room} onDone={setStatus} />
      </Section>
      <Section id={`${id}-delete`} title={t('chat.rooms.delete.section')}>
        <p className="text-sm text-muted-foreground">{t('chat.rooms.delete.body')}</p>
        <ErrorAlert message={remove.isError ? errorMessage(t, remove.error) : null} />
        <Button
          type="button"
          variant="destructive"
          className="w-fit"
          loading={remove.isPending}
          onClick={() => void deleteRoom()}
        >
          <Trash2 aria-hidden="true" />
          {t('chat.rooms.delete.button', { name: room.name })}
        </Button>
      </Section>
    </DialogFrame>
  );
}

/** A private room is between its two people: shown, not edited (decision 072). */
function PrivateRoom({ room }: { room: ChatRoomDetails }) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={t('dialogs.chatEditRoom')}
      description={t('chat.rooms.edit.private')}
      footer={
        <DialogClose asChild>
          <Button>{t('common.close')}</Button>
        </DialogClose>
      }
    >
      <ul aria-label={t('chat.rooms.edit.members')} className="grid gap-1">
        {room.members.map((member) => (
          <li key={member.id} className="grid border-t py-1 first:border-t-0">
            <bdi className="font-medium">{member.name}</bdi>
            <PersonType type={member.type} />
          </li>
        ))}
      </ul>
    </DialogFrame>
  );
}

/**
 * spec 2.5 `chat:edit-room` (decisions 070, 072): for those who may change the room (its owner, moderators,
 * admins): rename, config, members and groups added and removed, moderators promoted and revoked, and
 * deleting the room after a confirmation that names it. Every change is made at once and said in a status line.
 */
export default function EditRoomDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const roomId = useDialogRoom();
  const room = useQuery({ ...chatRoomQueryOptions(roomId ?? 0), enabled: roomId !== undefined });
  const title = t('dialogs.chatEditRoom');
  return (
    <OneThingDialog
      title={title}
      query={room}
      absent={roomId === undefined}
      missing={t('chat.rooms.edit.missing')}
    >
      {(data) =>
        data.kind === 'private' ? (
          <PrivateRoom room={data} />
        ) : data.canEdit ? (
          <EditRoom room={data} />
        ) : (
          <DialogFrame
            title={title}
            description={t('chat.rooms.edit.notAllowed')}
            footer={<DialogCloseButton />}
          />
        )
      }
    </OneThingDialog>
  );
}
