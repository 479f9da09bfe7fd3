/**
 * spec 1's title with the chat's unread count in front, `(3) Mathe - Schule`, and the chat alert's mark after
 * it (issue 22 item 4). Its own file without imports: the title is set on the first screen.
 */
export function titleWithUnread(base: string, unread: number, mark: string | null): string {
  const count = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : '';
  return `${count}${mark ? `${mark} · ` : ''}${base}`;
}
