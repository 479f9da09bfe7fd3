import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { endSession } from '@/lib/session';
import {
  PUSH_OFFER_KEY,
  PUSH_OFFER_PAUSE_MS,
  mayOffer,
  offerName,
  pauseOffer,
  rememberTurnedOff,
  turnedOffHere,
} from './offer-memo';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 27, 8);

afterEach(() => localStorage.clear());

describe('the quiet push offer after sign-in (spec 4.2, decision 073)', () => {
  it('“not now” keeps the offer away for 30 days, then it may come again', () => {
    expect(PUSH_OFFER_PAUSE_MS).toBe(30 * DAY);
    expect(mayOffer(localStorage, 'a', now)).toBe(true);
    pauseOffer(localStorage, 'a', now);
    expect(mayOffer(localStorage, 'a', now + 29 * DAY)).toBe(false);
    expect(mayOffer(localStorage, 'a', now + 30 * DAY)).toBe(true);
  });

  it('is remembered per user: another user of the device still gets the offer', () => {
    pauseOffer(localStorage, 'a', now);
    expect(mayOffer(localStorage, 'b', now)).toBe(true);
    pauseOffer(localStorage, 'b', now + DAY);
    expect([mayOffer(localStorage, 'a', now + DAY), mayOffer(localStorage, 'b', now + DAY)]).toEqual([
      false,
      false,
    ]);
  });

  it('forgets expired answers and keeps at most twenty', () => {
    pauseOffer(localStorage, 'old', now);
    for (let i = 0; i < 25; i += 1) pauseOffer(localStorage, `u${i}`, now + 31 * DAY + i);
    const stored = Object.keys(
      (JSON.parse(localStorage.getItem(PUSH_OFFER_KEY)!) as { offer: object }).offer,
    );
    expect(stored).toHaveLength(20);
    expect(stored).not.toContain('old');
    expect(stored).toContain('u24');
  });

  it('a damaged entry counts as no answer', () => {
    localStorage.setItem(PUSH_OFFER_KEY, '{not json');
    expect(mayOffer(localStorage, 'a', now)).toBe(true);
    localStorage.setItem(PUSH_OFFER_KEY, JSON.stringify({ offer: { a: 'soon' }, off: 'a' }));
    expect(mayOffer(localStorage, 'a', now)).toBe(true);
  });

  it('stores a name that is neither the user id nor the device id, the same each time', async () => {
    const name = await offerName('AbCdEfGhI', 42);
    expect(name).toMatch(/^[0-9a-f]{24}$/);
    expect(name).not.toContain('42');
    expect(await offerName('AbCdEfGhI', 42)).toBe(name);
    expect(await offerName('AbCdEfGhI', 43)).not.toBe(name);
    expect(await offerName('ZZZZZZZZZ', 42)).not.toBe(name);
  });

  it('stays after sign-out, which clears every other personal entry', () => {
    pauseOffer(localStorage, 'a', now);
    localStorage.setItem('aula.somethingPersonal', 'x');
    endSession(new QueryClient());
    expect(localStorage.getItem('aula.somethingPersonal')).toBeNull();
    expect(mayOffer(localStorage, 'a', now)).toBe(false);
  });
});

describe('“turn off on this device” (decision 073)', () => {
  it('holds until the user turns push on again, for that user only, beside the offer’s answers', () => {
    pauseOffer(localStorage, 'a', now);
    expect(turnedOffHere(localStorage, 'a')).toBe(false);
    rememberTurnedOff(localStorage, 'a', true);
    expect([turnedOffHere(localStorage, 'a'), turnedOffHere(localStorage, 'b')]).toEqual([true, false]);
    rememberTurnedOff(localStorage, 'a', true);
    rememberTurnedOff(localStorage, 'a', false);
    expect(turnedOffHere(localStorage, 'a')).toBe(false);
    expect(mayOffer(localStorage, 'a', now)).toBe(false);
  });

  it('stays after sign-out, and a damaged entry counts as on', () => {
    rememberTurnedOff(localStorage, 'a', true);
    endSession(new QueryClient());
    expect(turnedOffHere(localStorage, 'a')).toBe(true);
    localStorage.setItem(PUSH_OFFER_KEY, '{"off":{"a":true}}');
    expect(turnedOffHere(localStorage, 'a')).toBe(false);
  });
});
