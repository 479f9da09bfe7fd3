// The video rooms' pages and dialogs in one lazy chunk (decision 068): the start path then names one file,
// not eight, in its preload table (the first-paint budget, e2e/budget.spec.ts).
import type { DialogProps } from '@/lib/dialogs';
import CreateRoomDialog from './create-room-dialog';
import DeleteRoomDialog from './delete-room-dialog';
import RoomDetailsDialog from './room-details-dialog';

export { RoomChooserPage } from './room-chooser-page';
export { EditRoomPage, NewRoomPage } from './room-form-page';

/** spec 2.5's bbb dialogs, by their registry name. */
export default function BbbDialog(props: DialogProps) {
  if (props.id === 'bbb:create-room') return <CreateRoomDialog {...props} />;
  if (props.id === 'bbb:delete-room') return <DeleteRoomDialog {...props} />;
  return <RoomDetailsDialog {...props} />;
}
