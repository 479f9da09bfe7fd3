// Writes src/lib/tw-merge-config.ts: tailwind-merge's configuration reduced to the class names the app's sources
// hold (decision 094). Usage, in apps/web: node --import tsx scripts/tw-merge-config.ts, once the equivalence test
// (src/lib/utils.test.ts) reports a Tailwind class it lacks.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
export const CONFIG_FILE = join(SRC, 'lib', 'tw-merge-config.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      // not the tests, and not the configuration this writes (its group names are no classes)
      return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && path !== CONFIG_FILE
        ? [path]
        : [];
    });
}

/**
 * Every whitespace-separated word of every string in the app's sources (string literals, JSX attribute
 * strings, the fixed parts of template literals) that tailwind-merge's full configuration takes for a Tailwind
 * class: it drops the second of two copies (`twMerge('x x')` is `x`). Tailwind itself only generates classes
 * it finds written out whole in the sources, so these are all the classes cn() can meet.
 */
export function tailwindClassesInSources(dir = SRC): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      )
        for (const word of node.text.split(/\s+/)) if (word) words.add(word);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

type Config = ReturnType<typeof getDefaultConfig>;

/** tailwind-merge's configuration with each class group holding only the given classes, by name. */
export function reducedConfig(classes: string[]): Config {
  const full = getDefaultConfig();
  const parse = createParseClassName(full);
  const { getClassGroupId } = createClassGroupUtils(full);
  const postfixLookup = new Set<string>(full.postfixLookupClassGroups ?? []);
  const groups = new Map<string, Set<string>>();
  const add = (group: string | undefined, name: string) => {
    // arbitrary properties ([mask-type:alpha]) need no configuration; a leading '-' (negative values) is
    // skipped by the lookup
    if (!group || group.startsWith('arbitrary..')) return;
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group)!.add(name.replace(/^-(?=.)/, ''));
  };
  for (const className of classes) {
    const { baseClassName, maybePostfixModifierPosition: postfix, isExternal } = parse(className);
    if (isExternal) continue;
    // as tailwind-merge's mergeClassList looks a class up: without its postfix modifier (/50) first
    const without = postfix ? baseClassName.slice(0, postfix) : baseClassName;
    const group = getClassGroupId(without);
    add(group, without);
    if (postfix && (!group || postfixLookup.has(group))) add(getClassGroupId(baseClassName), baseClassName);
  }
  const used = (id: string) => groups.has(id);
  const keep = (table: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(table)
        .filter(([id]) => used(id))
        .map(([id, ids]) => [id, (ids ?? []).filter(used)] as const)
        .filter(([, ids]) => ids.length > 0),
    );
  const sorted = [...groups.keys()].sort();
  return {
    cacheSize: full.cacheSize,
    theme: {},
    classGroups: Object.fromEntries(sorted.map((id) => [id, [...groups.get(id)!].sort()])),
    conflictingClassGroups: keep(full.conflictingClassGroups),
    conflictingClassGroupModifiers: keep(full.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter(used),
    orderSensitiveModifiers: full.orderSensitiveModifiers,
  } as unknown as Config;
}

/** The module of src/lib/tw-merge-config.ts: each group's class names as one string, one line per group. */
export function configModule(config: Config): string {
  const { classGroups, ...rest } = config;
  const groups = Object.entries(classGroups)
    .map(([id, names]) => `  ${JSON.stringify(id)}: ${JSON.stringify(names.join(' '))},`)
    .join('\n');
  return `// Generated by scripts/tw-merge-config.ts (in apps/web: node --import tsx scripts/tw-merge-config.ts).
// tailwind-merge's configuration, reduced to the Tailwind classes written in src/ (decision 094): do not edit.
import type { Config } from 'tailwind-merge';

/** each class group's class names, space-separated */
const GROUPS: Record<string, string> = {
${groups}
};

export const twMergeConfig = (): Config<string, string> => ({
  ...${JSON.stringify(rest)},
  classGroups: Object.fromEntries(Object.entries(GROUPS).map(([id, names]) => [id, names.split(' ')])),
});
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const classes = tailwindClassesInSources();
  writeFileSync(CONFIG_FILE, configModule(reducedConfig(classes)));
  console.log(`${CONFIG_FILE}: ${classes.length} classes`);
}
