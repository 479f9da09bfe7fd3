import { useCallback, useEffect, useRef, useState } from 'react';
import { CSRF_HEADER, ROOM_WAIT_POLL_MS, RoomJoinSchema, type RoomJoin } from '@aula/contracts';
import { apiRequest, isNetworkError } from '@/lib/api-client';

/**
 * GET /api/bbb/{id}/join?name=: `ready` with the signed BBB address, or `waiting` while the meeting does not
 * run and the caller may not start it. `ref` is the room's number (members) or its code (anyone with it).
 * It may start the meeting, so it carries the CSRF header although it is a GET. Refusals are 403, 409, 422
 * and 504 errors with `bbb.*` codes, never 418 and never a login-required 401 (decision 067): a join never
 * signs anyone out.
 */
export function joinRoom(ref: number | string, name?: string, signal?: AbortSignal): Promise<RoomJoin> {
  const query = name ? `?${new URLSearchParams({ name })}` : '';
  return apiRequest(`/api/bbb/${encodeURIComponent(ref)}/join${query}`, {
    schema: RoomJoinSchema,
    headers: { [CSRF_HEADER]: '1' },
    signal,
  });
}

export type JoinState =
  | { step: 'idle' }
  | { step: 'joining' }
  /** `asks` counts the answers "waiting": each one schedules the next question */
  | { step: 'waiting'; asks: number }
  | { step: 'redirecting' }
  | { step: 'failed'; error: unknown };

/**
 * A join from the room page: asks once, goes to the signed address when the meeting runs (`go`, the browser's
 * location by default), and while it does not, asks again every ROOM_WAIT_POLL_MS by itself until it does or
 * the user cancels. A lost connection while waiting keeps waiting (the next question may get through); a
 * refusal ends the wait with its error.
 */
export function useRoomJoin(
  ref: number | string,
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  const [state, setState] = useState<JoinState>({ step: 'idle' });
  // each join or cancel starts a new generation: a late answer of an older one is dropped
  const generation = useRef(0);
  const name = useRef<string | undefined>(undefined);
  const goRef = useRef(go);
  useEffect(() => {
    goRef.current = go;
  });

  const ask = useCallback(
    async (asks: number) => {
      const current = generation.current;
      try {
        const answer = await joinRoom(ref, name.current);
        if (current !== generation.current) return;
        if (answer.status === 'waiting') return setState({ step: 'waiting', asks: asks + 1 });
        setState({ step: 'redirecting' });
        goRef.current(answer.url);
      } catch (error) {
        if (current !== generation.current) return;
        if (asks > 0 && isNetworkError(error)) return setState({ step: 'waiting', asks: asks + 1 });
        setState({ step: 'failed', error });
      }
    },
    [ref],
  );

  useEffect(() => {
    if (state.step !== 'waiting') return;
    const timer = window.setTimeout(() => void ask(state.asks), ROOM_WAIT_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [state, ask]);

  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const join = useCallback(
    (displayName?: string) => {
      generation.current += 1;
      name.current = displayName;
      setState({ step: 'joining' });
      void ask(0);
    },
    [ask],
  );

  const cancel = useCallback(() => {
    generation.current += 1;
    setState({ step: 'idle' });
  }, []);

  return { state, join, cancel };
}
