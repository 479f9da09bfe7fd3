import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi, useBlocker, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Save, SearchX, ShieldOff } from 'lucide-react';
import { DIALOG_PARAM, type RoomDetails } from '@aula/contracts';
import { MessagePage } from '@/components/message-page';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { roomQueryOptions } from '../api/get-room';
import { useRoomForm } from '../hooks/use-room-form';
import { formOfRoom } from '../lib/room-form';
import { RoomFormFields } from './room-form-fields';

const editRoute = getRouteApi('/shell/app/bigbluebutton/edit');

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/app/bigbluebutton">
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('bbb.form.toRooms')}
      </Link>
    </Button>
  );
}

/** Leaving the page with unsaved changes asks first (a click elsewhere must not throw away the form). */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onStay()}>
      <DialogFrame
        title={t('bbb.form.leave.title')}
        description={t('bbb.form.leave.body')}
        footer={
          <>
            <Button variant="outline" onClick={onStay}>
              {t('bbb.form.leave.stay')}
            </Button>
            <Button variant="destructive" onClick={onLeave}>
              {t('bbb.form.leave.leave')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** The form as a page: /new (no `room`) and /edit (the stored room). */
function RoomFormPage({ title, room }: { title: string; room?: RoomDetails }) {
  const { t } = useTranslation();
  const self = useSelf();
  const formId = useId();
  const navigate = useNavigate();
  const leaving = useRef(false);
  // the room as it was when the form opened: a refetch meanwhile does not move what the save compares with
  const [stored] = useState(() => (room ? { id: room.id, form: formOfRoom(room) } : undefined));
  const form = useRoomForm({
    formId,
    stored,
    onSaved: (saved) => {
      leaving.current = true;
      if (room) {
        notify({ type: 'success', title: saved ? t('bbb.form.saved') : t('bbb.form.unchanged') });
        void navigate({ to: '/app/bigbluebutton' });
      } else if (saved) {
        notify({ type: 'success', title: t('bbb.form.created', { name: saved.name }) });
        // the new room's details show its code at once, to read out or copy
        void navigate({
          to: '/app/bigbluebutton',
          search: { room: saved.id, [DIALOG_PARAM]: 'bbb:room-details' },
        });
      }
    },
  });
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      form.dirty && !leaving.current && next.pathname !== current.pathname,
    enableBeforeUnload: () => form.dirty && !leaving.current,
    withResolver: true,
  });
  if (!self) return null;
  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-4">
      <BackLink />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('bbb.form.intro')}</p>
      </header>
      <div className="rounded-lg border bg-card p-4 text-card-foreground desktop:p-6">
        <RoomFormFields formId={formId} form={form} ownerId={room?.owner.id ?? self.id} />
      </div>
      <div className="flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
        <Button asChild variant="outline" aria-disabled={form.saving || undefined}>
          <Link to="/app/bigbluebutton">{t('common.cancel')}</Link>
        </Button>
        <Button type="submit" form={formId} loading={form.saving}>
          <Save aria-hidden="true" />
          {room
            ? form.saving
              ? t('bbb.form.saving')
              : t('common.save')
            : form.saving
              ? t('bbb.form.creating')
              : t('bbb.form.create')}
        </Button>
      </div>
      {blocker.status === 'blocked' && (
        <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      )}
    </div>
  );
}

/** /app/bigbluebutton/new (spec 2.2): the create-room form as a page, for those who may create rooms. */
export function NewRoomPage() {
  const { t } = useTranslation();
  const { permissions, hasFeature } = usePerms();
  if (permissions === undefined)
    return (
      <p role="status" className="text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  if (!permissions.createRooms || !hasFeature('bbb'))
    return (
      <MessagePage icon={ShieldOff} title={t('pages.bbbNew')} actions={<BackLink />}>
        <p className="text-muted-foreground">
          {t(hasFeature('bbb') ? 'errors.bbb.create_not_allowed' : 'bbb.chooser.off')}
        </p>
      </MessagePage>
    );
  return <RoomFormPage title={t('pages.bbbNew')} />;
}

/** /app/bigbluebutton/edit?id=… (spec 2.2): the room's owner and admins change it. */
export function EditRoomPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useSearch();
  const room = useQuery({ ...roomQueryOptions(id ?? 0), enabled: id !== undefined });
  const missing =
    id === undefined ||
    (room.error instanceof ApiError && (room.error.status === 404 || room.error.status === 403));
  if (missing)
    return (
      <MessagePage icon={SearchX} title={t('pages.bbbEdit')} actions={<BackLink />}>
        <p className="text-muted-foreground">{t('bbb.form.notFound')}</p>
      </MessagePage>
    );
  return (
    <QueryGate query={room}>
      {(data) =>
        data.canEdit ? (
          <RoomFormPage key={data.id} title={t('bbb.form.editTitle', { name: data.name })} room={data} />
        ) : (
          <MessagePage icon={ShieldOff} title={t('pages.bbbEdit')} actions={<BackLink />}>
            <p className="text-muted-foreground">{t('errors.bbb.not_room_owner')}</p>
          </MessagePage>
        )
      }
    </QueryGate>
  );
}
