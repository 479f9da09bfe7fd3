#!/usr/bin/env node
// Merges a fragment { de: {...}, en: {...}, fa: {...}, ar: {...} } into the four locale files, key by key.
// Usage: flock /tmp/aula-locales.lock node scripts/add-strings.mjs fragment.json
// Error texts added under `errors`: then run scripts/split-errors.ts, which moves lazy areas to `areaErrors`.
import { readFileSync, writeFileSync } from 'node:fs';

const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const merge = (into, from) => {
  for (const [key, value] of Object.entries(from)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof into[key] !== 'object' || into[key] === null) into[key] = {};
      merge(into[key], value);
    } else into[key] = value;
  }
};
for (const [locale, strings] of Object.entries(fragment)) {
  const file = new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(file, 'utf8'));
  merge(tree, strings);
  writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
}
console.log(`merged ${Object.keys(fragment).join(', ')}`);
