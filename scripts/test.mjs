#!/usr/bin/env node
// The whole suite: lint, typecheck, build, unit, integration on PGlite and (with DATABASE_URL) on the
// PostgreSQL server, and the end-to-end journeys in Chromium. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = process.env) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  return { ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** A step that is not a test runner (lint, typecheck, build) counts as one check. */
function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = run(cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  return ok;
}

function vitest(name, projects, env) {
  console.log(`\n=== ${name} ===`);
  const out = `${reports}/${name.replace(/\W+/g, '-')}.json`;
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const { ok, seconds } = run('npx', args, env);
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
}

const started = Date.now();
run('bash', ['scripts/install-test-deps.sh']);

check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
const built = check('build web app', 'npm', ['run', 'build', '--silent']);

vitest('unit', ['unit', 'web']);

const { DATABASE_URL, ...withoutDb } = process.env;
vitest('integration (PGlite)', ['integration'], withoutDb);
if (DATABASE_URL) vitest('integration (PostgreSQL)', ['integration'], process.env);
else lines.push('note integration (PostgreSQL): not run, DATABASE_URL is not set');

if (built) vitest('end-to-end (Chromium)', ['e2e'], withoutDb);
else {
  totals.failed += 1;
  lines.push('FAIL end-to-end: not run, the web app did not build');
}

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
for (const l of lines) console.log(l);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
