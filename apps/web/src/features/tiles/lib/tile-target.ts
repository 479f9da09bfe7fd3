import type { Tile } from '@aula/contracts';

export type TileLink =
  | { kind: 'route'; to: '/app'; search: { title: string; id: number } }
  /** a built-in app's page (issue 20: the camera overview; issue 21: the room chooser; issue 22: the chat) */
  | { kind: 'page'; to: '/app/camera' | '/app/bigbluebutton' | '/app/chat' }
  /** a built-in app that is a dialog (issue 20: the sick notice) */
  | { kind: 'dialog'; dialog: 'sick' }
  | { kind: 'anchor'; href: string; target?: '_blank'; rel?: string; download?: boolean }
  | { kind: 'none' };

/** Tile URLs must be http(s); the server refuses others, and this keeps a bad row from becoming a script link. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function newTabLink(url: string | null): TileLink {
  return isHttpUrl(url)
    ? { kind: 'anchor', href: url, target: '_blank', rel: 'noopener noreferrer' }
    : { kind: 'none' };
}

/**
 * spec 3.1: how a tile opens by its target. The embedded app page is for signed-in users only
 * (spec 2.1), so a visitor's iframe tile opens in a new tab instead of bouncing back home.
 */
export function tileLink(
  tile: Pick<Tile, 'id' | 'url' | 'target'> & { type?: Tile['type'] },
  title: string,
  viewer: {
    loggedIn: boolean;
    /** the school has the Chat feature off (known from GET /api/perms): a chat tile opens nothing */
    chatOff?: boolean;
  },
): TileLink {
  // built-in apps (spec 1) open inside the portal, for signed-in users only
  if (tile.type === 'camera') return viewer.loggedIn ? { kind: 'page', to: '/app/camera' } : { kind: 'none' };
  // issue 21: a video-conference tile opens the room chooser
  if (tile.type === 'video-conference')
    return viewer.loggedIn ? { kind: 'page', to: '/app/bigbluebutton' } : { kind: 'none' };
  // issue 22: a chat tile opens the chat, while the school has the feature on
  if (tile.type === 'chat')
    return viewer.loggedIn && !viewer.chatOff ? { kind: 'page', to: '/app/chat' } : { kind: 'none' };
  if (tile.type === 'sick-notice')
    return viewer.loggedIn ? { kind: 'dialog', dialog: 'sick' } : { kind: 'none' };
  switch (tile.target) {
    case 'iframe':
      return viewer.loggedIn
        ? { kind: 'route', to: '/app', search: { title, id: tile.id } }
        : newTabLink(tile.url);
    case 'download':
      return { kind: 'anchor', href: `/api/apps/${tile.id}/download`, download: true };
    case 'link':
      return isHttpUrl(tile.url) ? { kind: 'anchor', href: tile.url } : { kind: 'none' };
    case 'newTab':
      return newTabLink(tile.url);
  }
}
