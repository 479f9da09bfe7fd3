import { DEVICE_ID_LENGTH } from '@aula/contracts';

const KEY = 'aula.device';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** spec 3.6, 9: a random device id of 9 characters, kept in this browser; it names no person. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const stored = storage.getItem(KEY);
  if (stored && new RegExp(`^[A-Za-z0-9]{${DEVICE_ID_LENGTH}}$`).test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_LENGTH));
  const id = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  storage.setItem(KEY, id);
  return id;
}
