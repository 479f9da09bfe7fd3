import { describe, expect, it } from 'vitest';
import { shouldAlert } from './chat-alert';

describe('the chat alert (spec 3.6 chatNotificationAlert, issue 22 item 4)', () => {
  it('alerts in a background tab and on another page, when the preference is on', () => {
    expect(shouldAlert({ preference: true, hidden: true, readingRoom: false })).toBe(true);
    expect(shouldAlert({ preference: true, hidden: true, readingRoom: true })).toBe(true);
    expect(shouldAlert({ preference: true, hidden: false, readingRoom: false })).toBe(true);
  });

  it('stays quiet while the room is being read, and always when the preference is off', () => {
    expect(shouldAlert({ preference: true, hidden: false, readingRoom: true })).toBe(false);
    expect(shouldAlert({ preference: false, hidden: true, readingRoom: false })).toBe(false);
    expect(shouldAlert({ preference: false, hidden: false, readingRoom: false })).toBe(false);
  });
});
