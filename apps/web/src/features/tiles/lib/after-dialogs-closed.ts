import type { useRouter } from '@tanstack/react-router';
import { DIALOG_PARAM } from '@aula/contracts';

/** Waits until the dialogs a confirmation opened have closed (closing goes back in history). */
export function afterDialogsClosed(router: ReturnType<typeof useRouter>): Promise<void> {
  return new Promise((resolve) => {
    const open = () => Boolean((router.state.location.search as Record<string, unknown>)[DIALOG_PARAM]);
    if (!open()) return resolve();
    const timer = setTimeout(done, 500);
    const unsubscribe = router.subscribe('onResolved', () => !open() && done());
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
