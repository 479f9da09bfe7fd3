import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { LoadingDialog } from '@/components/loading-dialog';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { useOpenRoomDialog } from '../hooks/use-room-dialog';
import { useRoomForm } from '../hooks/use-room-form';
import { RoomFormFields } from './room-form-fields';

function CreateRoomForm({ ownerId, close }: { ownerId: number; close: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const openRoom = useOpenRoomDialog();
  const form = useRoomForm({
    formId,
    onSaved: (room) => {
      if (!room) return close();
      notify({ type: 'success', title: t('bbb.form.created', { name: room.name }) });
      // the new room's details show its code at once, to read out or copy (the bbb family: one dialog)
      void openRoom('bbb:room-details', room.id, { replace: true });
    },
  });
  return (
    <FormDialog
      formId={formId}
      title={t('dialogs.bbbCreateRoom')}
      intro={t('bbb.form.intro')}
      className="desktop:max-w-2xl"
      dirty={form.dirty}
      pending={form.saving}
      submit={
        <>
          <Plus aria-hidden="true" />
          {form.saving ? t('bbb.form.creating') : t('bbb.form.create')}
        </>
      }
    >
      <RoomFormFields formId={formId} form={form} ownerId={ownerId} />
    </FormDialog>
  );
}

/**
 * spec 2.5 `bbb:create-room`: the room form in a dialog, for those whose permission level lets them create rooms
 * (decision 068; the server decides too). Opened by someone without it, it says so.
 */
export default function CreateRoomDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const { permissions, hasFeature } = usePerms();
  if (!self) return null;
  if (permissions === undefined) return <LoadingDialog title={t('dialogs.bbbCreateRoom')} />;
  if (!permissions.createRooms || !hasFeature('bbb'))
    return (
      <DialogFrame
        title={t('dialogs.bbbCreateRoom')}
        description={t(hasFeature('bbb') ? 'errors.bbb.create_not_allowed' : 'bbb.chooser.off')}
        footer={
          <>
            <Button asChild variant="outline">
              <Link to="/app/bigbluebutton">{t('bbb.form.toRooms')}</Link>
            </Button>
            <DialogClose asChild>
              <Button>{t('common.close')}</Button>
            </DialogClose>
          </>
        }
      />
    );
  return <CreateRoomForm ownerId={self.id} close={close} />;
}
