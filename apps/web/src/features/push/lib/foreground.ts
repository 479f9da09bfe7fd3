import type { PushPayload } from '@aula/contracts';

/** What the service worker posts to a focused Aula tab instead of showing a notification (public/push-sw.js). */
export const PUSH_MESSAGE_TYPE = 'aula-push';
/** What it posts when a notification was clicked: the tab opens the link itself, keeping its state. */
export const OPEN_MESSAGE_TYPE = 'aula-open';

export interface ForegroundToast {
  title: string;
  body: string;
  url: string;
  /** spec 9: "zum Chat" for chat links, "open" for the rest */
  action: 'chat' | 'open';
}

const isChatPath = (path: string) => path === '/app/chat' || path.startsWith('/app/chat/');

/** The path of an Aula link, or null for anything else (a push never leads outside Aula). */
export function aulaPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

/** What the tab answers the service worker: it showed the push, or the page shows it already (spec 9). */
export type PushAnswer = 'shown' | 'suppressed';

/** spec 9: no chat push on the chat page, which shows the message live; every other kind still comes. */
export function suppressedHere(payload: PushPayload, pathname: string): boolean {
  return payload.kind === 'chat' && isChatPath(pathname);
}

/**
 * spec 9: a push in a focused tab becomes a toast, except a chat push on the chat page (suppressedHere).
 * `pathname` is the page the tab shows.
 */
export function foregroundToast(payload: PushPayload, pathname: string): ForegroundToast | null {
  if (suppressedHere(payload, pathname)) return null;
  const url = aulaPath(payload.url);
  if (url === null) return null;
  const chat = isChatPath(new URL(url, 'https://aula.invalid').pathname);
  return { title: payload.title, body: payload.body, url, action: chat ? 'chat' : 'open' };
}

/** A service worker message that carries a push for the page, or null. */
export function pushFromMessage(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  if (type !== PUSH_MESSAGE_TYPE || typeof payload !== 'object' || payload === null) return null;
  const { kind, title, body, url, tag } = payload as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string') return null;
  return {
    kind: (typeof kind === 'string' ? kind : 'test') as PushPayload['kind'],
    title,
    body,
    url,
    tag: typeof tag === 'string' ? tag : '',
  };
}
