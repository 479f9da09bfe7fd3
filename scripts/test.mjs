#!/usr/bin/env node
// The whole suite: lint, typecheck, build, unit, integration on PGlite and (with DATABASE_URL) on the
// PostgreSQL server, the API fuzzing (schemathesis) and the end-to-end journeys in Chromium. Ends with one
// line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

/** Runs a command with its output on ours; asynchronous, so the fuzzer running beside it is read meanwhile. */
function run(cmd, args, env = process.env) {
  const started = Date.now();
  return new Promise((resolve) => {
    spawn(cmd, args, { stdio: 'inherit', env }).on('close', (code) =>
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    );
  });
}

/**
 * Steps that are not test runners (lint, format, typecheck, build) run side by side, each counting as one
 * check; each one's output is printed in one piece when it ends, so the log stays readable.
 */
async function checks(steps) {
  const results = await Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (chunk) => out.push(chunk));
          child.stderr.on('data', (chunk) => out.push(chunk));
          child.on('close', (code) => {
            const ok = code === 0;
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n=== ${name} (${seconds} s) ===`);
            process.stdout.write(Buffer.concat(out));
            totals[ok ? 'passed' : 'failed'] += 1;
            lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
            resolve(ok);
          });
        }),
    ),
  );
  return Object.fromEntries(steps.map((step, i) => [step.name, results[i]]));
}

async function vitest(name, projects, env, extra = []) {
  console.log(`\n=== ${name} ===`);
  const out = `${reports}/${name.replace(/\W+/g, '-')}.json`;
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const { ok, seconds } = await run('npx', args, env);
  if (!existsSync(out)) {
    totals.failed += 1;
    lines.push(`FAIL ${name}: the runner produced no report (${seconds} s)`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // a file that failed to load counts as a failure even when no test in it ran
  const failed = r.numFailedTests + (ok || r.numFailedTests > 0 ? 0 : 1);
  totals.passed += r.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed ? 'FAIL' : 'ok  '} ${name}: ${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`,
  );
  // CI often keeps only the tail of the output: name each failed test and its first message line in the summary
  for (const file of r.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      lines.push(`     ${where} > ${t.fullName ?? t.title}: ${why}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
      lines.push(`     ${where}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
  }
}

/**
 * schemathesis against the real server, as a visitor and each role: one test per role and operation. It runs in
 * the background beside the end-to-end journeys (decision 082): schemathesis computes on one core, and the
 * journeys, which wait on their pages far more than they compute, leave most of the other core idle. Its output
 * is printed in one piece when it ends; its summary line keeps its place in the summary.
 */
function fuzz() {
  const name = 'API fuzzing (schemathesis)';
  const slot = lines.push(`FAIL ${name}: still running`) - 1;
  const started = Date.now();
  const child = spawn('node', ['--import', 'tsx', 'scripts/fuzz.mjs'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.on('data', (chunk) => out.push(chunk));
  return new Promise((resolve) => {
    child.on('close', () => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} (${seconds} s, beside the end-to-end journeys) ===`);
      process.stdout.write(Buffer.concat(out));
      const file = `${reports}/fuzz.json`;
      if (!existsSync(file)) {
        totals.failed += 1;
        lines[slot] = `FAIL ${name}: the fuzzer produced no report (${seconds} s)`;
        return resolve();
      }
      const { results } = JSON.parse(readFileSync(file, 'utf8'));
      const failed = results.filter((r) => !r.ok);
      totals.passed += results.length - failed.length;
      totals.failed += failed.length;
      lines[slot] = [
        `${failed.length ? 'FAIL' : 'ok  '} ${name}: ${results.length - failed.length} passed, ${failed.length} failed (${seconds} s)`,
        ...failed.map((r) => `     fuzz as ${r.role} > ${r.operation}: ${r.checks.join('; ')}`),
      ].join('\n');
      resolve();
    });
  });
}

/**
 * A check run in the background beside the end-to-end journeys, counted as one check like lint or the build:
 * the scaffold's proof (scripts/new-area.check.ts, decision 091) is lint, typecheck and two small test runs on a
 * throwaway area, work that fills the core the journeys leave idle. It runs at a lower priority (nice), so the
 * journeys' pages never wait for it. Its output is printed in one piece when it ends; its line keeps its place.
 */
function backgroundCheck(name, cmd, args) {
  const slot = lines.push(`FAIL ${name}: still running`) - 1;
  const started = Date.now();
  const child = spawn('nice', ['-n', '10', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.on('data', (chunk) => out.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} (${seconds} s, beside the end-to-end journeys) ===`);
      process.stdout.write(Buffer.concat(out));
      totals[ok ? 'passed' : 'failed'] += 1;
      lines[slot] = `${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`;
      resolve();
    });
  });
}

/** TEST_SEED when set, else a number taken from the commit's hash (1 when git cannot tell). */
function shuffleSeed() {
  if (process.env.TEST_SEED) return Number(process.env.TEST_SEED);
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim();
  return head ? parseInt(head.slice(0, 6), 16) : 1;
}

const started = Date.now();
await run('bash', ['scripts/install-test-deps.sh']);

const checked = await checks([
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'build web app', cmd: 'npm', args: ['run', 'build', '--silent'] },
]);
const built = checked['build web app'];

await vitest('unit', ['unit', 'web']);

const { DATABASE_URL, ...withoutDb } = process.env;
await vitest('integration (PGlite)', ['integration'], withoutDb);
// The second run shuffles the order of files and tests (decision 056): a test that leans on what another
// test left behind fails here. The seed comes from the commit, so a failure repeats on the same commit.
const seed = shuffleSeed();
if (DATABASE_URL) {
  await vitest(`integration (PostgreSQL, shuffled, seed ${seed})`, ['integration'], process.env, [
    '--sequence.shuffle',
    `--sequence.seed=${seed}`,
  ]);
} else lines.push('note integration (PostgreSQL): not run, DATABASE_URL is not set');

const fuzzed = fuzz();
const scaffolded = backgroundCheck('new area scaffold', 'node', [
  '--import',
  'tsx',
  'scripts/new-area.check.ts',
]);
// the journeys run on one database: the PostgreSQL server when there is one (it answers the pages faster than
// PGlite in the test process, which shares the cores with Chromium), else PGlite
if (built)
  await vitest(`end-to-end (Chromium, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, ['e2e'], process.env);
else {
  totals.failed += 1;
  lines.push('FAIL end-to-end: not run, the web app did not build');
}
await fuzzed;
await scaffolded;

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
for (const l of lines) console.log(l);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
