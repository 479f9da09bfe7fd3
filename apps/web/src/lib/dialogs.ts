import { useCallback, useMemo } from 'react';
import { useRouter, useSearch, type AnyRouter } from '@tanstack/react-router';
import type { HistoryState } from '@tanstack/history';
import { DIALOG_PARAM, HISTORY_REPLACE_MS } from '@aula/contracts';
import { parseDialogs, planClose, planOpen } from '@/lib/dialog-param';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The dialog whose opening added this history entry, so closing it can go back (spec 2.5). */
    openedDialog?: string;
  }
}

/** What every dialog in the registry receives. */
export interface DialogProps {
  id: string;
  close: () => void;
}

let lastChangeAt = Number.NEGATIVE_INFINITY;
let settling: Promise<void> | undefined;

function currentDialogs(router: AnyRouter): string[] {
  const search = router.state.location.search as Record<string, unknown>;
  const param = search[DIALOG_PARAM];
  return parseDialogs(typeof param === 'string' ? param : undefined);
}

/** history.back() lands asynchronously; a change right after it waits for it (or 100 ms) first. */
function waitForHistory(router: AnyRouter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = router.history.subscribe(done);
    const timer = setTimeout(done, HISTORY_REPLACE_MS);
  });
}

type Search = Record<string, unknown>;

/** A navigation that changes only search parameters (and the history state), typed for any route. */
export interface SearchNavigation {
  /** '.' stays on the current route. */
  to?: '.' | '/edit';
  search: (prev: Search) => Search;
  replace?: boolean;
  state?: (prev: HistoryState) => HistoryState;
}

/**
 * The one way to open dialogs, or change other search parameters, by navigating: the route tree's types cannot
 * know the current route's search, so this is where a search of any route is allowed.
 */
export function navigateSearch(router: AnyRouter, { to = '.', ...navigation }: SearchNavigation) {
  return router.navigate({ to, ...navigation });
}

async function navigateDialogs(
  router: AnyRouter,
  param: string | undefined,
  replace: boolean,
  opened?: string,
) {
  lastChangeAt = performance.now();
  const keep = router.state.location.state.openedDialog;
  await navigateSearch(router, {
    search: (prev) => ({ ...prev, [DIALOG_PARAM]: param }),
    replace,
    state: (prev) => ({ ...prev, openedDialog: replace ? keep : opened }),
  });
}

/** Opens and closes dialogs through the `dialog` search parameter (spec 2.5). */
export function useDialogs() {
  const router = useRouter();
  const param = useSearch({ strict: false, select: (search) => search[DIALOG_PARAM] });
  const list = useMemo(() => parseDialogs(param), [param]);

  const open = useCallback(
    async (id: string) => {
      await settling;
      const plan = planOpen(currentDialogs(router), id, performance.now() - lastChangeAt);
      if (plan) await navigateDialogs(router, plan.param, plan.replace, id);
    },
    [router],
  );

  const close = useCallback(
    async (id: string) => {
      await settling;
      const plan = planClose(currentDialogs(router), id, {
        openedHere: router.state.location.state.openedDialog,
        canGoBack: router.history.canGoBack(),
      });
      if (!plan) return;
      if (plan.kind === 'back') {
        lastChangeAt = performance.now();
        settling = waitForHistory(router);
        router.history.back();
        await settling;
        settling = undefined;
      } else {
        await navigateDialogs(router, plan.param, true);
      }
    },
    [router],
  );

  return { list, open, close, isOpen: (id: string) => list.includes(id) };
}
