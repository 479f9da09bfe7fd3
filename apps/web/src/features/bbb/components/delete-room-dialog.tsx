import { useQuery } from '@tanstack/react-query';
import type { RoomDetails } from '@aula/contracts';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { DialogCloseButton, OneThingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { roomQueryOptions } from '../api/get-room';
import { useDeleteRoom } from '../api/delete-room';
import { useDialogRoom } from '../hooks/use-room-dialog';

/**
 * spec 2.5 `bbb:delete-room` (decision 068): asks, naming the room, what deleting it means (members and
 * guests lose it, its code stops working); shows progress, and the translated reason when the server refuses.
 */
export default function DeleteRoomDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const roomId = useDialogRoom();
  const room = useQuery({ ...roomQueryOptions(roomId ?? 0), enabled: roomId !== undefined });
  const remove = useDeleteRoom();
  const title = t('dialogs.bbbDeleteRoom');
  const confirmDialog = (data: RoomDetails) => (
    <DialogFrame
      title={t('bbb.delete.title', { name: data.name })}
      description={t('bbb.delete.body')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(data.id, {
                onSuccess: () => {
                  notify({ type: 'success', title: t('bbb.delete.done', { name: data.name }) });
                  close();
                },
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {remove.isPending ? t('bbb.delete.deleting') : t('bbb.delete.confirm')}
          </Button>
        </>
      }
    >
      <ErrorAlert message={remove.isError ? errorMessage(t, remove.error) : null} />
    </DialogFrame>
  );
  return (
    <OneThingDialog
      title={title}
      query={room}
      absent={roomId === undefined}
      missing={t('bbb.details.missing')}
    >
      {(data) =>
        data.canEdit ? (
          confirmDialog(data)
        ) : (
          <DialogFrame
            title={title}
            description={t('errors.bbb.not_room_owner')}
            footer={<DialogCloseButton />}
          />
        )
      }
    </OneThingDialog>
  );
}
