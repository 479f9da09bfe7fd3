import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRouter,
} from '@tanstack/react-router';
import { watchChatUnread } from './chat-unread-watcher';
import { setChatUnread, useChatUnread } from './use-chat-unread';
import { renderHook } from '@testing-library/react';

function testRouter(): AnyRouter {
  const rootRoute = createRootRoute();
  const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path });
  return createRouter({
    routeTree: rootRoute.addChildren([page('/'), page('/app/chat')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

describe('the chat alert mark (issue 22 item 4)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    setChatUnread({ unread: 0, alerted: false });
  });

  it('stays on another page and goes once the chat page is in view', async () => {
    const router = testRouter();
    await router.load();
    stop = watchChatUnread(new QueryClient(), router);
    const { result } = renderHook(() => useChatUnread());
    setChatUnread({ unread: 2, alerted: true });
    await router.navigate({ to: '/' });
    expect(result.current).toEqual({ unread: 2, alerted: true });
    await router.navigate({ to: '/app/chat' });
    await expect.poll(() => result.current).toEqual({ unread: 2, alerted: false });
  });
});
