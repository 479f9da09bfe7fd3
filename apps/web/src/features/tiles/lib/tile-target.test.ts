import { describe, expect, it } from 'vitest';
import { tileLink } from './tile-target';

const url = 'https://moodle.example.org/course/7';
const member = { loggedIn: true };
const visitor = { loggedIn: false };

describe('a tile opens by its target (spec 3.1)', () => {
  it('iframe opens the embedded app page with title and id', () => {
    expect(tileLink({ id: 7, url, target: 'iframe' }, 'Moodle', member)).toEqual({
      kind: 'route',
      to: '/app',
      search: { title: 'Moodle', id: 7 },
    });
  });

  it('iframe opens in a new tab for a visitor, who may not use the embedded app page', () => {
    expect(tileLink({ id: 7, url, target: 'iframe' }, 'Moodle', visitor)).toEqual({
      kind: 'anchor',
      href: url,
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('link opens the url in the same tab', () => {
    expect(tileLink({ id: 7, url, target: 'link' }, 'Moodle', member)).toEqual({ kind: 'anchor', href: url });
  });

  it('newTab opens the url in a new tab without giving it the opener', () => {
    expect(tileLink({ id: 7, url, target: 'newTab' }, 'Moodle', member)).toEqual({
      kind: 'anchor',
      href: url,
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('download fetches the file through the apps endpoint', () => {
    expect(tileLink({ id: 7, url: null, target: 'download' }, 'Plan', member)).toEqual({
      kind: 'anchor',
      href: '/api/apps/7/download',
      download: true,
    });
  });

  it('never links to a missing or non-http url', () => {
    expect(tileLink({ id: 1, url: null, target: 'link' }, 'x', member)).toEqual({ kind: 'none' });
    expect(tileLink({ id: 1, url: 'javascript:alert(1)', target: 'newTab' }, 'x', member)).toEqual({
      kind: 'none',
    });
    expect(tileLink({ id: 1, url: ' JaVaScRiPt:alert(1)', target: 'link' }, 'x', member)).toEqual({
      kind: 'none',
    });
  });

  it('a camera tile opens the camera overview and a sick-notice tile the sick dialog, for signed-in users only (issue 20)', () => {
    const camera = { id: 4, url: null, target: 'iframe' as const, type: 'camera' as const };
    const sick = { id: 5, url: null, target: 'iframe' as const, type: 'sick-notice' as const };
    expect(tileLink(camera, 'Kamera', member)).toEqual({ kind: 'page', to: '/app/camera' });
    expect(tileLink(sick, 'Krankmeldung', member)).toEqual({ kind: 'dialog', dialog: 'sick' });
    expect(tileLink(camera, 'Kamera', visitor)).toEqual({ kind: 'none' });
    expect(tileLink(sick, 'Krankmeldung', visitor)).toEqual({ kind: 'none' });
  });

  it('a chat tile opens the chat, for signed-in users only (issue 22)', () => {
    const chat = { id: 8, url: null, target: 'iframe' as const, type: 'chat' as const };
    expect(tileLink(chat, 'Chat', member)).toEqual({ kind: 'page', to: '/app/chat' });
    expect(tileLink(chat, 'Chat', { loggedIn: false })).toEqual({ kind: 'none' });
  });

  it('a chat tile opens nothing while the school has the Chat feature off (issue 22)', () => {
    const chat = { id: 8, url: null, target: 'iframe' as const, type: 'chat' as const };
    expect(tileLink(chat, 'Chat', { loggedIn: true, chatOff: true })).toEqual({ kind: 'none' });
    expect(tileLink(chat, 'Chat', { loggedIn: true, chatOff: false })).toEqual({
      kind: 'page',
      to: '/app/chat',
    });
  });

  it('a video-conference tile opens the room chooser, for signed-in users only (issue 21)', () => {
    const rooms = { id: 6, url: null, target: 'iframe' as const, type: 'video-conference' as const };
    expect(tileLink(rooms, 'Videokonferenz', member)).toEqual({ kind: 'page', to: '/app/bigbluebutton' });
    expect(tileLink(rooms, 'Videokonferenz', visitor)).toEqual({ kind: 'none' });
  });
});
