// Moves each error area to where locales/startup-errors.ts says it belongs, identically in all four locale files:
// STARTUP_ERROR_AREAS stay under `errors` (the start-up chunk), every other area goes under `areaErrors`
// (the whole language). Run it after adding error strings: node --import tsx scripts/split-errors.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { LOCALES } from '@aula/contracts';
import { STARTUP_ERROR_AREAS } from '../apps/web/src/locales/startup-errors.ts';

type Tree = { [key: string]: string | Tree };
const startup: ReadonlySet<string> = new Set(STARTUP_ERROR_AREAS);

/** Merges `from` into `into` key by key, so an area in both places keeps every key. */
function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] = typeof value === 'object' && typeof there === 'object' ? merge(there, value) : value;
  }
  return into;
}

for (const locale of LOCALES) {
  const file = new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url);
  const strings = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const errors: Tree = {};
  const areaErrors: Tree = {};
  for (const part of [strings.errors, strings.areaErrors]) {
    if (typeof part !== 'object') continue;
    for (const [area, value] of Object.entries(part)) {
      // the general texts (network, unknown, …) are plain strings and always start up
      const into = typeof value === 'string' || startup.has(area) ? errors : areaErrors;
      into[area] =
        typeof value === 'object' && typeof into[area] === 'object' ? merge(into[area], value) : value;
    }
  }
  // areaErrors right after errors, so the file reads in the same order as before
  const out: Tree = {};
  for (const [key, value] of Object.entries(strings)) {
    if (key === 'areaErrors') continue;
    out[key] = key === 'errors' ? errors : value;
    if (key === 'errors') out.areaErrors = areaErrors;
  }
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
}
console.log(`errors at start-up: ${STARTUP_ERROR_AREAS.join(', ')}; the rest under areaErrors`);
