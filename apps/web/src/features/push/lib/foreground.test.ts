import { describe, expect, it } from 'vitest';
import type { PushPayload } from '@aula/contracts';
import { aulaPath, foregroundToast, pushFromMessage, suppressedHere } from './foreground';

const chat: PushPayload = {
  kind: 'chat',
  title: 'Neue Chat-Nachricht',
  body: 'In einem deiner Chats',
  url: '/app/chat?room=3',
  tag: 'chat-3',
};
const message: PushPayload = {
  kind: 'message',
  title: 'Neue Nachricht der Schule',
  body: 'Für deine Gruppe',
  url: '/?dialog=messages',
  tag: 'message-7',
};

describe('a push in a focused tab (spec 9)', () => {
  it('becomes a toast with “zum Chat” for chat links, on any page but the chat', () => {
    expect(foregroundToast(chat, '/')).toEqual({
      title: chat.title,
      body: chat.body,
      url: '/app/chat?room=3',
      action: 'chat',
    });
    expect(foregroundToast(chat, '/app/sick')?.action).toBe('chat');
  });

  it('shows no chat push on the chat page, which shows the message itself', () => {
    expect(foregroundToast(chat, '/app/chat')).toBeNull();
    expect(foregroundToast(chat, '/app/chat/')).toBeNull();
    expect(suppressedHere(chat, '/app/chat')).toBe(true);
  });

  it('shows every other kind on the chat page too', () => {
    expect(foregroundToast(message, '/app/chat')?.action).toBe('open');
    for (const kind of ['sick', 'video', 'test'] as const) {
      expect(foregroundToast({ ...message, kind }, '/app/chat')).not.toBeNull();
      expect(suppressedHere({ ...message, kind }, '/app/chat')).toBe(false);
    }
    expect(suppressedHere(chat, '/')).toBe(false);
  });

  it('a page that only starts like the chat’s is another page', () => {
    expect(foregroundToast(chat, '/app/chatter')?.action).toBe('chat');
  });

  it('other kinds get an “open” action to their page', () => {
    expect(foregroundToast(message, '/')?.action).toBe('open');
    expect(foregroundToast({ ...message, kind: 'test', url: '/' }, '/app/sick')?.action).toBe('open');
  });

  it('never leads outside Aula', () => {
    expect(foregroundToast({ ...chat, url: '//evil.example/app/chat' }, '/')).toBeNull();
    expect(aulaPath('https://evil.example/')).toBeNull();
    expect(aulaPath('javascript:alert(1)')).toBeNull();
    expect(aulaPath(7)).toBeNull();
    expect(aulaPath('/app/chat?room=1')).toBe('/app/chat?room=1');
  });
});

describe('the service worker’s messages', () => {
  it('reads a push it posted, and nothing else', () => {
    expect(pushFromMessage({ type: 'aula-push', payload: chat })).toEqual(chat);
    expect(pushFromMessage({ type: 'aula-open', url: '/' })).toBeNull();
    expect(pushFromMessage({ type: 'aula-push', payload: { title: 1 } })).toBeNull();
    expect(pushFromMessage('aula-push')).toBeNull();
    expect(pushFromMessage(null)).toBeNull();
  });
});
