// The chat's seven dialogs in one lazy chunk (as bbb-screens.tsx for the video rooms): the start path then
// names one file, not seven, in its preload table (the first-paint budget, e2e/budget.spec.ts).
import type { DialogProps } from '@/lib/dialogs';
import CreateRoomDialog from './create-room-dialog';
import EditMsgDialog from './edit-msg-dialog';
import EditRoomDialog from './edit-room-dialog';
import HistoryMsgDialog from './history-msg-dialog';
import PreviewImgDialog from './preview-img-dialog';
import UploadDialog from './upload-dialog';
import UserSearchDialog from './user-search-dialog';

/** spec 2.5's chat dialogs, by their registry name. */
export default function ChatDialog(props: DialogProps) {
  switch (props.id) {
    case 'chat:create-room':
      return <CreateRoomDialog {...props} />;
    case 'chat:edit-msg':
      return <EditMsgDialog {...props} />;
    case 'chat:edit-room':
      return <EditRoomDialog {...props} />;
    case 'chat:history-msg':
      return <HistoryMsgDialog {...props} />;
    case 'chat:preview-img':
      return <PreviewImgDialog {...props} />;
    case 'chat:upload':
      return <UploadDialog {...props} />;
    default:
      return <UserSearchDialog {...props} />;
  }
}
