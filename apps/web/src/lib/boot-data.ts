import { BOOT_DATA_ID, type BootData } from '@aula/contracts';

let boot: BootData | undefined;

function read(): BootData {
  if (boot) return boot;
  boot = {};
  const block = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ID);
  if (!block) return boot;
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) boot = parsed as BootData;
  } catch {
    // a broken block is no data: the app asks the API as it would without one
  }
  block.remove();
  return boot;
}

/**
 * One answer the start page carried (decision 051), taken once: `{ value }` when the server put it in the
 * page, else undefined and the caller asks the API. Later asks always go to the API, and so does every page
 * the service worker serves (its copy of index.html has no data).
 */
export function takeBoot<K extends keyof BootData>(key: K): { value: NonNullable<BootData>[K] } | undefined {
  const data = read();
  if (!Object.hasOwn(data, key)) return undefined;
  const value = data[key];
  delete data[key];
  return { value };
}
