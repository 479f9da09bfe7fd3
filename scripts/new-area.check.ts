// The scaffold's proof (issue 33 item 7, decision 091): `node --import tsx scripts/new-area.check.ts` makes a
// throwaway git worktree of HEAD in /tmp with this tree's uncommitted changes, hard-links the node_modules in,
// scaffolds the area `zz-probe` there with `npm run new-area`, and holds it to what any area must pass: lint on
// its files, the server's, the web's and the journeys' typecheck, its integration test and the data export's,
// its web test, the
// tests that read the registries (the map, the floors, the table owners, the feature list) and, on a build of
// the probe tree, its journey. Then the same
// command once more must refuse the name and write nothing. The worktree is removed at the end, pass or fail.
// scripts/test.mjs runs this as its step "new area scaffold"; the last line says "ok" or "FAIL" with the time.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'zz-probe';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' });

/** Runs a step in the probe tree; its output is shown only when it fails. */
function step(name: string, cwd: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  const took = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${name} failed (exit ${r.status}, ${took} s)`);
  }
  console.log(`  ${name} (${took} s)`);
  return r.stdout;
}

/** The workspace folders that have a node_modules of their own, and the root. */
function nodeModulesDirs(): string[] {
  const dirs = ['.'];
  for (const parent of ['apps', 'packages'])
    for (const d of readdirSync(join(root, parent))) dirs.push(`${parent}/${d}`);
  dirs.push('e2e', 'bench');
  return dirs.filter((d) => existsSync(join(root, d, 'node_modules')));
}

function makeProbeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aula-new-area-'));
  git(['worktree', 'add', '--detach', '--quiet', dir, 'HEAD']);
  // this tree's uncommitted changes and new files, so the check proves the scaffold as it is now
  const diff = git(['diff', 'HEAD', '--binary']);
  if (diff) execFileSync('git', ['apply', '--whitespace=nowarn'], { cwd: dir, input: diff });
  for (const file of git(['ls-files', '--others', '--exclude-standard', '-z']).split('\0').filter(Boolean))
    execFileSync('cp', ['--parents', file, dir], { cwd: root });
  // committed in the probe tree (a detached commit nobody keeps), so git there tells what the scaffold wrote
  git(['add', '-A'], dir);
  git(
    [
      '-c',
      'user.name=probe',
      '-c',
      'user.email=probe@localhost',
      'commit',
      '--quiet',
      '--no-verify',
      '--allow-empty',
      '-m',
      'probe',
    ],
    dir,
  );
  // hard links: no copy of the bytes; the workspace links (@aula/* -> ../../apps/…) are relative, so they
  // point into the probe tree
  for (const d of nodeModulesDirs()) execFileSync('cp', ['-al', join(root, d, 'node_modules'), join(dir, d)]);
  // the typecheck's incremental state, where the main tree has one
  for (const f of [
    'apps/server/tsconfig.tsbuildinfo',
    'apps/web/tsconfig.tsbuildinfo',
    'e2e/tsconfig.tsbuildinfo',
  ])
    if (existsSync(join(root, f))) copyFileSync(join(root, f), join(dir, f));
  return dir;
}

function removeProbeTree(dir: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  rmSync(dir, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: root });
}

/**
 * The journeys' typecheck, held to the area's files: the e2e project also compiles the server's sources under
 * its own settings, and what it finds there is no part of the scaffold (it fails the suite's typecheck).
 */
function journeysTypecheck(dir: string): void {
  const t0 = Date.now();
  const r = spawnSync('npx', ['tsc', '-p', 'e2e', '--noEmit', '--incremental'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const errors = (r.stdout ?? '').split('\n').filter((l) => / error TS\d+/.test(l));
  const ours = errors.filter((l) => l.includes(NAME));
  const took = ((Date.now() - t0) / 1000).toFixed(1);
  if (ours.length) {
    console.log(ours.join('\n'));
    throw new Error(`typecheck journeys failed on the area's files (${took} s)`);
  }
  console.log(
    `  typecheck journeys (${took} s${errors.length ? `; ${errors.length} errors elsewhere, not the area's` : ''})`,
  );
}

/** What git sees changed in the probe tree since the probe commit. */
const changes = (dir: string) =>
  new Set(
    git(['status', '--porcelain', '--untracked-files=all'], dir)
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3)),
  );

function check(dir: string): void {
  const out = step('scaffold', dir, 'npm', ['run', '--silent', 'new-area', '--', NAME]);
  const written = [...changes(dir)];
  const news = written.filter((f) => !git(['ls-files', f], dir).trim());
  console.log(`  wrote ${news.length} new files, edited ${written.length - news.length} shared files`);
  if (!out.includes(`new-area: ${NAME} written`))
    throw new Error('the scaffold did not report what it wrote');
  if (!news.some((f) => /^apps\/server\/drizzle\/\d+_zz_probe\.sql$/.test(f)))
    throw new Error('the scaffold wrote no migration');
  const code = written.filter((f) => /\.(ts|tsx)$/.test(f));
  step('lint', dir, 'npx', ['eslint', '--max-warnings=0', ...code]);
  step('format', dir, 'npx', [
    'prettier',
    '--check',
    ...written.filter((f) => !f.includes('/drizzle/meta/')),
  ]);
  step('typecheck server', dir, 'npx', ['tsc', '-p', 'apps/server', '--noEmit', '--incremental']);
  step('typecheck web', dir, 'npx', ['tsc', '-p', 'apps/web', '--noEmit', '--incremental']);
  journeysTypecheck(dir);
  const pglite = { ...process.env };
  delete pglite.DATABASE_URL;
  step(
    'integration tests (the area, the data export)',
    dir,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'integration',
      // one file after the other: the probe's migration is new, so no migrated PGlite template exists yet
      // (test/test-db.ts), and two files started side by side each migrated an empty database in WebAssembly
      // inside their app's set-up; beside the journeys and the fuzzer that ran past the set-up's 60 s (the
      // fresh-clone run of c2df47d). One after the other, the first file stores the template and the second
      // starts from it.
      '--no-file-parallelism',
      `apps/server/src/modules/${NAME}`,
      'apps/server/src/modules/data-export',
    ],
    pglite,
  );
  step('web test and the feature list', dir, 'npx', [
    'vitest',
    'run',
    '--project',
    'web',
    `src/features/${NAME}`,
    'src/app/features.test.ts',
  ]);
  step('the map, the floors, the owners', dir, 'npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    'scripts/architecture-doc.test.ts',
    'scripts/table-owners.test.ts',
    'apps/server/src/module-graph.test.ts',
    'apps/server/src/policy.test.ts',
    'apps/server/src/modules/manifests.test.ts',
  ]);
  // the area's journey, on a build of the probe tree (the built app is the probe's own)
  step('build web app', dir, 'npm', ['run', '--silent', 'build', '-w', '@aula/web']);
  step('journey', dir, 'npx', ['vitest', 'run', '--project', 'e2e', `e2e/${NAME}.spec.ts`], pglite);
  // the canary: the name is taken now, the command refuses it and writes nothing
  const before = git(['status', '--porcelain', '--untracked-files=all'], dir);
  const again = spawnSync('npm', ['run', '--silent', 'new-area', '--', NAME], { cwd: dir, encoding: 'utf8' });
  if (again.status === 0 || !again.stderr.includes('is taken'))
    throw new Error(`a second scaffold of ${NAME} was not refused: ${again.stdout}${again.stderr}`);
  if (git(['status', '--porcelain', '--untracked-files=all'], dir) !== before)
    throw new Error('the refused scaffold wrote files');
  console.log('  a second scaffold of the same name is refused and writes nothing');
}

const dir = makeProbeTree();
console.log(`new area scaffold: ${NAME} in ${dir}`);
try {
  check(dir);
  console.log(`ok   new area scaffold (${seconds()} s)`);
} catch (error) {
  console.log(`FAIL new area scaffold: ${(error as Error).message} (${seconds()} s)`);
  process.exitCode = 1;
} finally {
  // --keep leaves the probe tree for a look at what failed
  if (process.argv.includes('--keep'))
    console.log(`  kept ${dir}; remove it with git worktree remove --force ${dir}`);
  else removeProbeTree(dir);
}
