import { Activity, lazy, Suspense, useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import { restackDialogs, type StackEntry } from '@/lib/dialog-param';
import { useDialogs } from '@/lib/dialogs';
import { useSelf } from '@/lib/session';
import { isDialogId, mayOpenDialog, type DialogId } from './registry';

// The dialog frame (Radix Dialog, focus trap, scroll lock) and the table of the dialogs' code come with the
// first dialog, not with the page (decision 049).
const DialogSlot = lazy(() => import('./dialog-slot'));

const keyOf = (entry: StackEntry) => `${entry.id}#${entry.mount}`;

/** The shown dialogs with their keys, mounted anew where the list's order needs it (restackDialogs). */
function useDialogStack(shown: string[]): StackEntry[] {
  const [state, setState] = useState(() => ({ shown, stack: restackDialogs([], shown) }));
  if (state.shown.join(',') !== shown.join(',')) {
    const next = { shown, stack: restackDialogs(state.stack, shown) };
    setState(next);
    return next.stack;
  }
  return state.stack;
}

/**
 * Renders the dialogs named in the `dialog` parameter, in order (the last is on top).
 * Unknown names and dialogs the user's role may not open are left closed (a deep link from a
 * teacher does not show a student a teacher's dialog).
 * One at a time, bottom first: each dialog mounts once the one below it is shown, so the top one is the
 * modal that traps focus, answers Escape and keeps the accessibility tree (docs/decisions/020-dialogs.md).
 * On the offline page they are hidden (React's Activity: no focus trap, no aria-hidden on the page), keeping
 * what was typed, and shown again when the user is back (decision 057).
 */
export function DialogHost() {
  const { list, close } = useDialogs();
  const self = useSelf();
  const shown = list.filter((id) => isDialogId(id) && mayOpenDialog(self, id));
  const stack = useDialogStack(shown);
  const away = useLocation({ select: (location) => location.pathname === '/offline' });
  const [ready, setReady] = useState<ReadonlySet<string>>(() => new Set());
  const waiting = stack.findIndex((entry) => !ready.has(keyOf(entry)));
  const mounted = waiting === -1 ? stack : stack.slice(0, waiting + 1);
  return mounted.map((entry) => {
    const { id } = entry;
    const key = keyOf(entry);
    const closeThis = () => void close(id);
    const onShown = () => setReady((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
    return (
      <Activity key={key} mode={away ? 'hidden' : 'visible'}>
        <Suspense fallback={null}>
          <DialogSlot id={id as DialogId} close={closeThis} onShown={onShown} />
        </Suspense>
      </Activity>
    );
  });
}
