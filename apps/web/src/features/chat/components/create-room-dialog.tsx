import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { RoomFormFields, useCreateRoomForm } from './room-form-fields';

function CreateRoomForm({ selfId }: { selfId: number }) {
  const { t } = useTranslation();
  const formId = useId();
  const navigate = useNavigate();
  const form = useCreateRoomForm({
    formId,
    onCreated: (room) => {
      notify({ type: 'success', title: t('chat.rooms.form.created', { name: room.name }) });
      // the new room opens at once; Back does not bring the filled-in form again
      void navigate({ to: '/app/chat', search: { room: room.id }, replace: true });
    },
  });
  return (
    <FormDialog
      formId={formId}
      title={t('dialogs.chatCreateRoom')}
      intro={t('chat.rooms.form.intro')}
      className="desktop:max-w-2xl"
      dirty={form.dirty}
      pending={form.saving}
      submit={
        <>
          <Plus aria-hidden="true" />
          {form.saving ? t('chat.rooms.form.creating') : t('chat.rooms.form.create')}
        </>
      }
    >
      <RoomFormFields formId={formId} form={form} selfId={selfId} />
    </FormDialog>
  );
}

/**
 * spec 2.5 `chat:create-room` (decision 072): teachers and admins make a group room for whole groups and
 * people found by name, with moderators and the room's config. Opened by anyone else it says why not (the
 * server refuses too).
 */
export default function CreateRoomDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const { hasFeature } = usePerms();
  if (!self) return null;
  const chatOn = hasFeature('chat');
  if (!chatOn || !hasRole(self, 'teacher'))
    return (
      <DialogFrame
        title={t('dialogs.chatCreateRoom')}
        description={t(chatOn ? 'errors.chat.create_not_allowed' : 'chat.rooms.chatOff')}
        footer={
          <DialogClose asChild>
            <Button>{t('common.close')}</Button>
          </DialogClose>
        }
      />
    );
  return <CreateRoomForm selfId={self.id} />;
}
