import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogFrame,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { RoomFormFields, useCreateRoomForm } from './room-form-fields';

const keepOpen = (event: Event) => event.preventDefault();

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
  const guard = form.dirty || form.saving ? keepOpen : undefined;
  return (
    <DialogContent
      aria-describedby={`${formId}-intro`}
      className="desktop:max-w-2xl"
      // a click beside the dialog must not throw away what was chosen
      onPointerDownOutside={guard}
      onInteractOutside={guard}
    >
      <DialogHeader>
        <DialogTitle>{t('dialogs.chatCreateRoom')}</DialogTitle>
        <p id={`${formId}-intro`} className="text-sm text-muted-foreground">
          {t('chat.rooms.form.intro')}
        </p>
      </DialogHeader>
      <RoomFormFields formId={formId} form={form} selfId={selfId} />
      <DialogFooter sticky>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={form.saving}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" form={formId} loading={form.saving}>
          <Plus aria-hidden="true" />
          {form.saving ? t('chat.rooms.form.creating') : t('chat.rooms.form.create')}
        </Button>
      </DialogFooter>
    </DialogContent>
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
