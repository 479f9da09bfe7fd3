import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 18 / STYLE.md: each table has one owning module, the one whose <area>.schema.ts defines it, and only
// that module's repos write it (insert, update, delete, upserts, raw SQL); other modules call its service.
// This reads every modules/*/*.repo.ts and refuses a write to a table another module owns. A canary repo,
// written into the tree, writes foreign tables in each of the ways the check knows and must be refused.
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const modulesDir = join(root, 'apps/server/src/modules');
const tag = `zz-owner-canary-${process.pid}`;

interface Table {
  /** the drizzle export, e.g. groupMembers */
  name: string;
  /** the SQL name, e.g. group_members */
  sqlName: string;
  module: string;
  file: string;
}

interface Write {
  repo: string;
  module: string;
  table: Table;
  line: number;
  how: string;
}

function moduleFiles(suffix: string): string[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(modulesDir, d.name))
        .filter((f) => f.endsWith(suffix))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

/** Every table, by its drizzle name and its SQL name, with the module whose schema file defines it. */
function readTables(): Table[] {
  const tables: Table[] = [];
  for (const file of moduleFiles('.schema.ts')) {
    const text = readFileSync(join(modulesDir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.push({ name: m[1]!, sqlName: m[2]!, module: file.split('/')[0]!, file });
  }
  return tables;
}

/** The text without comments, same line numbers (a comment saying "update users" is no write). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}

const BUILDER = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const RAW = /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;

/** The tables a repo's text writes, through the query builder or in raw SQL. */
function writesIn(repo: string, text: string, tables: readonly Table[]): Write[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));
  const code = withoutComments(text);
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const writes: Write[] = [];
  const module = repo.split('/')[0]!;
  for (const m of code.matchAll(BUILDER)) {
    const table = byName.get(m[2]!);
    if (table) writes.push({ repo, module, table, line: lineOf(m.index), how: `.${m[1]}(${m[2]})` });
  }
  for (const m of code.matchAll(RAW)) {
    const table = m[2] ? byName.get(m[2]) : bySqlName.get(m[3]!.toLowerCase());
    if (table)
      writes.push({ repo, module, table, line: lineOf(m.index), how: `sql ${m[0].replace(/\s+/g, ' ')}` });
  }
  return writes.sort((a, b) => a.line - b.line);
}

/** Writes to a table the repo's module does not own, as "repo:line writes table (owner) via how". */
function foreignWrites(repos: readonly string[], tables: readonly Table[]): string[] {
  return repos.flatMap((repo) =>
    writesIn(repo, readFileSync(join(modulesDir, repo), 'utf8'), tables)
      .filter((w) => w.table.module !== w.module)
      .map((w) => `${w.repo}:${w.line} writes ${w.table.sqlName} (owner: ${w.table.module}) via ${w.how}`),
  );
}

const canary = `mail/${tag}.repo.ts`;

afterAll(() => rmSync(join(modulesDir, canary), { force: true }));

describe('every table has one owner (STYLE.md, issue 18)', () => {
  const tables = readTables();

  it('every table is defined once, in the <area>.schema.ts of its module', () => {
    expect(tables.length).toBeGreaterThan(25);
    const names = tables.map((t) => t.sqlName);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const t of tables) expect(t.file).toBe(`${t.module}/${t.module}.schema.ts`);
    // no table hides elsewhere: db/ only re-exports, and no other server file calls pgTable
    const defined = new Set(tables.map((t) => t.file));
    const elsewhere = (readdirSync(join(root, 'apps/server/src'), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !defined.has(relative('modules', f)))
      .filter((f) => /\bpgTable\s*\(/.test(readFileSync(join(root, 'apps/server/src', f), 'utf8')));
    expect(elsewhere.filter((f) => !f.endsWith('.test.ts'))).toEqual([]);
  });

  it('db/schema.ts re-exports every schema file, so the client and drizzle-kit see every table', () => {
    const barrel = readFileSync(join(root, 'apps/server/src/db/schema.ts'), 'utf8');
    for (const file of moduleFiles('.schema.ts'))
      expect(barrel).toContain(`export * from '../modules/${file}';`);
  });

  it('a repo that writes another module’s table is refused, however it writes (canary)', () => {
    writeFileSync(
      join(modulesDir, canary),
      [
        `import { sql } from 'drizzle-orm';`,
        `export async function canary(db: any, tx: any) {`,
        `  await db.insert(mailOutbox).values({});`,
        `  // update users set blocked = true: a comment, no write`,
        `  await db.insert(users).values({}).onConflictDoUpdate({ target: users.id, set: {} });`,
        `  await tx`,
        `    .update( groupMembers )`,
        `    .set({});`,
        `  await db.delete(sessions);`,
        `  await db.execute(sql\`update \${loginLocks} set locked_until = now()\`);`,
        `  await tx.execute(sql\``,
        `    DELETE FROM group_members gm where gm.user_id = 1\`);`,
        `  await tx.execute(sql\`insert into "schools" (slug) values ('x')\`);`,
        `  await db.delete(files);`,
        `  cache.delete(key);`,
        `}`,
        ``,
      ].join('\n'),
    );
    expect(foreignWrites([canary], tables)).toEqual([
      `${canary}:5 writes users (owner: users) via .insert(users)`,
      `${canary}:7 writes group_members (owner: groups) via .update(groupMembers)`,
      `${canary}:9 writes sessions (owner: auth) via .delete(sessions)`,
      `${canary}:10 writes login_locks (owner: auth) via sql update \${loginLocks}`,
      `${canary}:12 writes group_members (owner: groups) via sql DELETE FROM group_members`,
      `${canary}:13 writes schools (owner: schools) via sql insert into "schools"`,
      `${canary}:14 writes files (owner: files) via .delete(files)`,
    ]);
  });

  it('each table is written only by the repos of its owning module', () => {
    const repos = moduleFiles('.repo.ts').filter((f) => !f.includes(tag));
    expect(repos.length).toBeGreaterThan(15);
    expect(foreignWrites(repos, tables)).toEqual([]);
  });
});
