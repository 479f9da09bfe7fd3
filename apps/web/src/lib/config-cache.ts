import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** spec 3.6: the browser-side config storage, a database named configDB, version 1. */
export const CONFIG_DB_NAME = 'configDB';
export const CONFIG_DB_VERSION = 1;
const STORE = 'config';
const KEY = 'keys';
/** A slow or broken IndexedDB must not hold up the first paint; the network answer follows anyway. */
const READ_TIMEOUT_MS = 300;

interface ConfigDb extends DBSchema {
  config: { key: string; value: { values: Record<string, string>; savedAt: number } };
}

let opening: Promise<IDBPDatabase<ConfigDb>> | undefined;

function db(): Promise<IDBPDatabase<ConfigDb>> {
  opening ??= openDB<ConfigDb>(CONFIG_DB_NAME, CONFIG_DB_VERSION, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return opening;
}

/** The school's config as last fetched in this browser, or undefined. Never throws. */
export async function readCachedConfig(): Promise<Record<string, string> | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  const read = db()
    .then((database) => database.get(STORE, KEY))
    .then((entry) => entry?.values)
    .catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READ_TIMEOUT_MS));
  return Promise.race([read, timeout]);
}

/** Keeps the latest answer for the next visit. The config is the school's, not personal data. */
export async function writeCachedConfig(values: Record<string, string>): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    await (await db()).put(STORE, { values, savedAt: Date.now() }, KEY);
  } catch {
    // Quota or private mode: the next visit fetches again.
  }
}
