import { deviceId } from '@/lib/device-id';

// The quiet offer after sign-in (spec 4.2, decision 073) comes once per device and user; "not now" keeps it
// away for PUSH_OFFER_PAUSE_MS. What is stored names nobody: a hash of this device's random id and the user's id,
// so it may stay after sign-out (SECURITY.md: the browser keeps no personal data) as the device id does.

export const PUSH_OFFER_KEY = 'aula.pushOffer';
/** The offer's toast, so the dialog can take it away once it is open. */
export const OFFER_TOAST_ID = 'push-offer';
export const PUSH_OFFER_PAUSE_MS = 30 * 24 * 60 * 60 * 1000;
/** More entries than people who share one device; the oldest go first. */
const MAX_ENTRIES = 20;

/** Both answers under one key (one more kept key would weigh on the first paint, lib/session.ts). */
interface Memo {
  /** "not now": until when, per name */
  offer: Record<string, number>;
  /** "turn off on this device": the names */
  off: string[];
}

function read(storage: Pick<Storage, 'getItem'>): Memo {
  try {
    const parsed = JSON.parse(storage.getItem(PUSH_OFFER_KEY) ?? '{}') as Partial<
      Record<keyof Memo, unknown>
    >;
    const offer =
      typeof parsed.offer === 'object' && parsed.offer !== null && !Array.isArray(parsed.offer)
        ? Object.fromEntries(
            Object.entries(parsed.offer).filter(
              (entry): entry is [string, number] => typeof entry[1] === 'number',
            ),
          )
        : {};
    const off = Array.isArray(parsed.off)
      ? parsed.off.filter((name): name is string => typeof name === 'string')
      : [];
    return { offer, off };
  } catch {
    return { offer: {}, off: [] };
  }
}

function write(storage: Pick<Storage, 'setItem'>, memo: Memo): void {
  try {
    storage.setItem(PUSH_OFFER_KEY, JSON.stringify(memo));
  } catch {
    // without storage the offer comes again, and the renewal runs, at the next sign-in
  }
}

/** Whether the offer may show for this (hashed) user now. */
export function mayOffer(storage: Pick<Storage, 'getItem'>, who: string, now: number): boolean {
  const until = read(storage).offer[who];
  return until === undefined || until <= now;
}

/** "Not now": no offer for this user on this device for PUSH_OFFER_PAUSE_MS. */
export function pauseOffer(storage: Pick<Storage, 'getItem' | 'setItem'>, who: string, now: number): void {
  const memo = read(storage);
  const kept = Object.entries(memo.offer).filter(([key, until]) => until > now && key !== who);
  const offer = [...kept, [who, now + PUSH_OFFER_PAUSE_MS] as const]
    .sort((a, b) => a[1] - b[1])
    .slice(-MAX_ENTRIES);
  write(storage, { ...memo, offer: Object.fromEntries(offer) });
}

/** A name for the user on this device that names nobody: SHA-256 of the device id and the user id. */
export async function offerName(deviceId: string, userId: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${deviceId}:${userId}`));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The request-push dialog was open: the user has read what push is and chosen (or not) there, so the offer
 * goes away and pauses like "not now" (spec 4.2: never pressed on anyone).
 */
export async function settleOffer(userId: number, dismiss: (id: string) => void): Promise<void> {
  dismiss(OFFER_TOAST_ID);
  pauseOffer(localStorage, await offerName(deviceId(), userId), Date.now());
}

/**
 * "Turn off on this device" outlasts the permission, which stays granted: the silent renewal after sign-in
 * (spec 4.2) must not undo it.
 */
export function turnedOffHere(storage: Pick<Storage, 'getItem'>, who: string): boolean {
  return read(storage).off.includes(who);
}

/** Notes that the user turned push off on this device (true), or on again (false). */
export function rememberTurnedOff(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  who: string,
  off: boolean,
): void {
  const memo = read(storage);
  const others = memo.off.filter((name) => name !== who);
  write(storage, { ...memo, off: off ? [...others, who].slice(-MAX_ENTRIES) : others });
}

/** rememberTurnedOff for the signed-in user of this device. */
export async function rememberTurnedOffFor(userId: number, off: boolean): Promise<void> {
  rememberTurnedOff(localStorage, await offerName(deviceId(), userId), off);
}
