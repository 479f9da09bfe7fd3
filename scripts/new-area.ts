// `npm run new-area -- <name> [--de Titel] [--en Title] [--fa …] [--ar …]` (issue 33 item 7, decision 091):
// writes a new area's skeleton, modelled on the real areas (scripts/new-area-files.ts), and registers it in
// the shared files a new area touches (SHARED below). Every edit is worked out in memory first: a bad name,
// or a shared file whose anchor moved, stops the command before a single file is written. Then prettier
// formats what it wrote and drizzle-kit writes the migration of the new table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOCALES,
  contractFile,
  decisionFile,
  e2eFile,
  factoryFile,
  intTestFile,
  localeTexts,
  manifestFile,
  repoFile,
  routesFile,
  schemaFile,
  serviceFile,
  webApiFile,
  webManifestFile,
  webPageFile,
  webTestFile,
  type AreaNames,
  type Locale,
} from './new-area-files.ts';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Why `name` cannot be a new area in the tree at `root`, or null when it can. */
export function refuseName(name: string, root: string): string | null {
  if (!KEBAB.test(name))
    return `"${name}" is not kebab-case: lower-case letters and digits in words joined by "-", starting with a letter (e.g. lost-found)`;
  if (name.length > 30) return `"${name}" is longer than 30 characters`;
  const taken = [
    `apps/server/src/modules/${name}`,
    `apps/web/src/features/${name}`,
    `packages/contracts/src/${name}.ts`,
    `e2e/${name}.spec.ts`,
  ].filter((path) => existsSync(join(root, path)));
  if (taken.length) return `"${name}" is taken: ${taken.join(', ')} exists`;
  const de = JSON.parse(readFileSync(join(root, 'apps/web/src/locales/de.json'), 'utf8')) as Record<
    string,
    unknown
  > & { pages: Record<string, unknown> };
  const camel = camelOf(name);
  if (camel in de || camel in de.pages) return `"${name}" is taken: the locale files have a "${camel}" key`;
  return null;
}

const camelOf = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The next free decision number in docs/decisions/. */
function nextDecision(root: string): string {
  const numbers = readdirSync(join(root, 'docs/decisions'))
    .map((f) => /^(\d{3})-/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(3, '0');
}

export function namesOf(kebab: string, titles: Partial<Record<Locale, string>>, decision: string): AreaNames {
  const camel = camelOf(kebab);
  const snake = kebab.replace(/-/g, '_');
  const fallback = kebab
    .split('-')
    .map((w, i) => (i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
  return {
    kebab,
    camel,
    pascal: camel[0]!.toUpperCase() + camel.slice(1),
    snake,
    upper: snake.toUpperCase(),
    table: `${snake}_items`,
    titles: Object.fromEntries(LOCALES.map((l) => [l, titles[l] ?? titles.en ?? fallback])) as Record<
      Locale,
      string
    >,
    decision,
  };
}

/** A shared file's new text; throws when the anchor it needs is gone (so nothing is written). */
type Edit = (text: string) => string;

function insertBefore(anchor: string | RegExp, insert: string, what: string): Edit {
  return (text) => {
    const at = typeof anchor === 'string' ? text.indexOf(anchor) : (anchor.exec(text)?.index ?? -1);
    if (at < 0) throw new Error(`cannot find where ${what} goes (${String(anchor)})`);
    return text.slice(0, at) + insert + text.slice(at);
  };
}

/** After the last line starting with `prefix` (an import list or a barrel). */
function afterLastLine(prefix: string, insert: string, what: string): Edit {
  return (text) => {
    const lines = text.split('\n');
    const last = lines.findLastIndex((l) => l.startsWith(prefix));
    if (last < 0) throw new Error(`cannot find where ${what} goes (no line starting "${prefix}")`);
    lines.splice(last + 1, 0, insert);
    return lines.join('\n');
  };
}

const chain =
  (...edits: Edit[]): Edit =>
  (text) =>
    edits.reduce((t, e) => e(t), text);

/**
 * How the server learns of the area: the one place that changes when the registration does. The module's
 * manifest (`<area>.manifest.ts`: its routes and their policy rows, decision 090) joins MODULE_MANIFESTS in
 * modules/manifests.ts, which app.ts and the policy table read.
 */
function serverRegistration(n: AreaNames): { files: Record<string, string>; edits: Record<string, Edit> } {
  return {
    files: { [`apps/server/src/modules/${n.kebab}/${n.kebab}.manifest.ts`]: manifestFile(n) },
    edits: {
      'apps/server/src/modules/manifests.ts': chain(
        afterLastLine(
          'import ',
          `import { ${n.camel}Manifest } from './${n.kebab}/${n.kebab}.manifest.ts';`,
          'the manifest import',
        ),
        insertBefore(/\n\];/, `\n  ${n.camel}Manifest,`, 'the manifest in MODULE_MANIFESTS'),
      ),
    },
  };
}

function localeEdit(n: AreaNames, locale: Locale): Edit {
  return (text) => {
    const json = JSON.parse(text) as Record<string, unknown> & { pages: Record<string, string> };
    json.pages[n.camel] = n.titles[locale];
    json[n.camel] = localeTexts()[locale];
    return `${JSON.stringify(json, null, 2)}\n`;
  };
}

/** The architecture map: the area's row, its table's owner row, its folders, its floor. */
function architectureEdit(n: AreaNames): Edit {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |\n`;
  return chain(
    insertBefore(
      /\| App shell, dialogs in the address/,
      row([
        n.titles.en,
        `\`${n.kebab}.ts\``,
        `\`${n.kebab}\``,
        `\`${n.kebab}\``,
        `\`${n.kebab}.spec.ts\``,
        n.decision,
      ]),
      'the areas row',
    ),
    (text) => {
      // the owners table ends at the first line after its rows that is not a row
      const lines = text.split('\n');
      const start = lines.findIndex((l) => l.startsWith('## Tables and their owners'));
      const first = lines.findIndex((l, i) => i > start && l.startsWith('|'));
      const end = lines.findIndex((l, i) => i > first && !l.startsWith('|'));
      if (start < 0 || first < 0) throw new Error('cannot find the owners table');
      lines.splice(
        end < 0 ? lines.length : end,
        0,
        row([`\`${n.table}\``, n.kebab, `\`${n.kebab}/${n.kebab}.schema.ts\``]).trimEnd(),
      );
      return lines.join('\n');
    },
    insertBefore(
      /\napps\/server\/src\/modules\/sso\//,
      `\napps/server/src/modules/${`${n.kebab}/`.padEnd(12)}${n.titles.en} (decision ${n.decision}): the school's entries`,
      'the module folder line',
    ),
    (text) =>
      text.replace(/^\| 5 {5}\| ([^|]*)\|/m, (_, cell: string) => {
        const names = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
        return `| 5     | ${[...names, n.kebab]
          .sort()
          .map((x) => `\`${x}\``)
          .join(', ')} |`;
      }),
  );
}

function floorsEdit(n: AreaNames): Edit {
  return (text) => {
    const line = /^ {2}\['account', [^\n]*\],$/m;
    if (!line.test(text)) throw new Error('cannot find the floor of the areas in module-graph.test.ts');
    return text.replace(line, (l) => {
      const names = [...l.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
      return `  [${[...names, n.kebab]
        .sort()
        .map((x) => `'${x}'`)
        .join(', ')}],`;
    });
  };
}

/** Every file the area writes and every shared file it edits, worked out without touching the disk. */
export function plan(n: AreaNames): { files: Record<string, string>; edits: Record<string, Edit> } {
  const server = serverRegistration(n);
  const mod = `apps/server/src/modules/${n.kebab}`;
  const feature = `apps/web/src/features/${n.kebab}`;
  const files: Record<string, string> = {
    [`packages/contracts/src/${n.kebab}.ts`]: contractFile(n),
    [`${mod}/${n.kebab}.schema.ts`]: schemaFile(n),
    [`${mod}/${n.kebab}.repo.ts`]: repoFile(n),
    [`${mod}/${n.kebab}.service.ts`]: serviceFile(n),
    [`${mod}/${n.kebab}.routes.ts`]: routesFile(n),
    [`${mod}/${n.kebab}.int.test.ts`]: intTestFile(n),
    [`apps/server/src/test/${n.kebab}-factory.ts`]: factoryFile(n),
    ...server.files,
    [`${feature}/manifest.ts`]: webManifestFile(n),
    [`${feature}/manifest.test.ts`]: webTestFile(n),
    [`${feature}/api/${n.kebab}-list.ts`]: webApiFile(n),
    [`${feature}/components/${n.kebab}-page.tsx`]: webPageFile(n),
    [`e2e/${n.kebab}.spec.ts`]: e2eFile(n),
    [`docs/decisions/${n.decision}-${n.kebab}.md`]: decisionFile(n),
  };
  const edits: Record<string, Edit> = {
    'packages/contracts/src/index.ts': afterLastLine(
      'export * from',
      `export * from './${n.kebab}.ts';`,
      'the contract export',
    ),
    'apps/server/src/db/schema.ts': afterLastLine(
      'export * from',
      `export * from '../modules/${n.kebab}/${n.kebab}.schema.ts';`,
      'the schema export',
    ),
    ...server.edits,
    'apps/server/src/module-graph.test.ts': floorsEdit(n),
    'apps/web/src/app/features.ts': chain(
      afterLastLine(
        'import { ',
        `import { ${n.camel}Manifest } from '@/features/${n.kebab}/manifest';`,
        'the manifest import',
      ),
      insertBefore(/\n\] as const;/, `\n  ${n.camel}Manifest,`, 'the manifest'),
    ),
    // the export's test seeds a row of every table that names a user, and checks the export has exactly those
    'apps/server/src/modules/data-export/data-export.int.test.ts': (text) => {
      const start = text.indexOf('async function seedRowsOf(');
      const end = start < 0 ? -1 : text.indexOf('\n}\n', start);
      if (end < 0) throw new Error('cannot find seedRowsOf in the data export test');
      const seed = `\n  await db.insert(schema.${n.camel}Items).values({ schoolId, title: marker, createdBy: userId });`;
      return text.slice(0, end) + seed + text.slice(end);
    },
    ...Object.fromEntries(LOCALES.map((l) => [`apps/web/src/locales/${l}.json`, localeEdit(n, l)])),
    'docs/ARCHITECTURE.md': architectureEdit(n),
  };
  return { files, edits };
}

function parseArgs(argv: string[]): { name: string | undefined; titles: Partial<Record<Locale, string>> } {
  const titles: Partial<Record<Locale, string>> = {};
  let name: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = /^--(de|en|fa|ar)$/.exec(argv[i]!);
    if (flag) titles[flag[1] as Locale] = argv[++i];
    else name ??= argv[i];
  }
  return { name, titles };
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { name, titles } = parseArgs(process.argv.slice(2));
  if (!name) {
    console.error('usage: npm run new-area -- <kebab-name> [--de Titel] [--en Title] [--fa …] [--ar …]');
    process.exit(2);
  }
  const refused = refuseName(name, root);
  if (refused) {
    console.error(`new-area: ${refused}. Nothing was written.`);
    process.exit(1);
  }
  const n = namesOf(name, titles, nextDecision(root));
  const { files, edits } = plan(n);
  let changed: Record<string, string>;
  try {
    changed = Object.fromEntries(
      Object.entries(edits).map(([path, edit]) => [path, edit(readFileSync(join(root, path), 'utf8'))]),
    );
  } catch (error) {
    console.error(`new-area: ${(error as Error).message}. Nothing was written.`);
    process.exit(1);
  }
  for (const [path, text] of Object.entries({ ...files, ...changed })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const touched = [...Object.keys(files), ...Object.keys(changed)];
  execFileSync('npx', ['prettier', '--write', '--log-level=warn', ...touched], {
    cwd: root,
    stdio: 'inherit',
  });
  // the migration of the new table (a new table asks drizzle-kit nothing)
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', n.snake], {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  });
  console.log(
    `new-area: ${n.kebab} written: ${Object.keys(files).length} new files, ${Object.keys(changed).length} shared files edited, and the migration:`,
  );
  for (const path of touched) console.log(`  ${path}`);
  console.log(
    `Next: fill in docs/decisions/${n.decision}-${n.kebab}.md and the texts, then npm run lint and the tests.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
