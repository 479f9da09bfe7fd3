#!/usr/bin/env node
// API fuzzing (issue 16 item 6, docs/decisions/043-api-fuzzing-and-bad-input.md): schemathesis from .venv-fuzz (made by
// scripts/install-test-deps.sh) runs against /api/openapi.json of the real server on a fresh database with the
// demo school, as a visitor and as each role: with DATABASE_URL a new database on that PostgreSQL server (a copy
// of the migrated template, dropped afterwards; decision 082), else an in-memory PGlite. Checks: no 5xx, and status codes,
// content types and bodies as the document declares them. Writes .test-reports/fuzz.json (one entry per
// role and operation) and exits non-zero on any failure.
//   node --import tsx scripts/fuzz.mjs [--max-examples N] [--roles student,admin] [--seed N]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForHealth } from '../bench/server-process.ts';
import { createTestDatabase } from '../apps/server/src/test/test-db.ts';
import { POLICY } from '../apps/server/src/policy.ts';
import { hasRole } from '../packages/contracts/src/plain/roles.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const SCHEMATHESIS = join(ROOT, '.venv-fuzz/bin/schemathesis');
const REPORTS = join(ROOT, '.test-reports');
const PASSWORD = 'Fuzz-Passwort-2026';
const ROLES = ['student', 'teacher', 'admin', 'superadmin', 'visitor'];
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];
/**
 * Operations left out, and why: each would end the fuzzer's own session (logout, refresh rotation whose
 * replay revokes the family, impersonation) or count wrong passwords towards the account's sign-in lock
 * (re-authentication, password change, two-factor verify and turn-off, secondary e-mail), after which
 * every later call would only test the lock. POST /api/login is fuzzed as the visitor only, which signs
 * in as nobody. GET /api/events is the live event stream (text/event-stream): it never ends by itself, so
 * every call would hang until the fuzzer's timeout; events.int.test.ts covers it, bad input included.
 */
const SKIPPED = [
  ['POST', '/api/logout'],
  ['POST', '/api/login/refresh'],
  ['POST', '/api/login/reauth'],
  ['POST', '/api/users/impersonate/{id}'],
  ['DELETE', '/api/users/impersonate'],
  ['POST', '/api/v2/password_changes'],
  ['POST', '/api/totp/code/verify'],
  ['DELETE', '/api/totp/code'],
  ['PUT', '/api/self/secondary-email'],
  ['GET', '/api/events'],
];
const VISITOR_ONLY = [['POST', '/api/login']];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const maxExamples = option('max-examples', '3');
const seed = option('seed', '16');
const roles = option('roles', ROLES.join(',')).split(',');
const phases = option('phases', 'examples,coverage,fuzzing');
const WORKERS = option('workers', '1');

async function signIn(base, username) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The operations and check failures of a JUnit report: one test case per operation. */
function readJunit(file) {
  const xml = readFileSync(file, 'utf8');
  const unescape = (s) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const cases = [];
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const name = unescape(/\bname="([^"]*)"/.exec(m[1])?.[1] ?? '?');
    const body = m[3] ?? '';
    const failures = [...body.matchAll(/<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)].map((f) =>
      unescape(`${/\bmessage="([^"]*)"/.exec(f[2])?.[1] ?? ''}\n${f[3] ?? ''}`).trim(),
    );
    const skipped = /<skipped\b/.test(body);
    cases.push({ name, failures, skipped });
  }
  return cases;
}

/** The failed checks of a failure text, as schemathesis titles them ("ST103 Undocumented status code"). */
function checksIn(text) {
  const found = [...text.matchAll(/\b(ST\d{3})\b[ \t]*([^\n]*)/g)].map(([, code, title]) =>
    `${code} ${title}`.trim(),
  );
  const unique = [...new Set(found.filter((c) => c.includes(' ')))];
  return unique.length ? unique : [...new Set(found)].length ? [...new Set(found)] : ['(see the report)'];
}

const started = Date.now();
if (!existsSync(SCHEMATHESIS)) {
  console.error(`${SCHEMATHESIS} is missing: run bash scripts/install-test-deps.sh`);
  process.exit(2);
}
mkdirSync(REPORTS, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const serverLog = join(REPORTS, 'fuzz-server.log');
// PostgreSQL answers the fuzzer's requests in its own process; PGlite runs them in the server's one thread
const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  stdio: ['ignore', openSync(serverLog, 'w'), openSync(serverLog, 'a')],
  env: {
    ...withoutDatabaseUrl(process.env),
    ...(database ? { DATABASE_URL: database.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    AULA_DATA_DIR: 'memory://',
    AULA_SECRET_KEY: randomBytes(32).toString('hex'),
    AULA_DEMO: '1',
    AULA_DEMO_PASSWORD: PASSWORD,
    AULA_WEB_DIST: join(ROOT, '.no-web-app'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
});
/** Ends the server and waits for it, so its database can be dropped. */
const stopServer = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
process.on('exit', () => server.exitCode === null && server.kill('SIGTERM'));

const results = [];
let failed = 0;
const selves = {};
const coverageSkipped = {};
try {
  await waitForHealth(base);
  // every session first: the fuzzing of one role may change what another may do, never who is signed in
  const cookies = {};
  for (const role of roles) if (role !== 'visitor') cookies[role] = await signIn(base, role);
  // who each role's user is, as the request guard sees them (the coverage phase's bound below)
  for (const role of roles) if (cookies[role]) selves[role] = await whoIs(base, cookies[role]);
  await canary(base);
  for (const role of roles) {
    const junit = join(REPORTS, `fuzz-${role}.xml`);
    const excluded = role === 'visitor' ? SKIPPED : [...SKIPPED, ...VISITOR_ONLY];
    const refused = refusedOperations(selves[role] ?? null);
    const config = join(REPORTS, `fuzz-${role}.toml`);
    writeFileSync(config, coverageConfig(refused));
    coverageSkipped[role] = refused.length;
    const runArgs = [
      '--config-file',
      config,
      'run',
      `${base}/api/openapi.json`,
      '--url',
      base,
      '--checks',
      CHECKS.join(','),
      '--max-examples',
      maxExamples,
      '--seed',
      seed,
      '--phases',
      phases,
      '--workers',
      WORKERS,
      '--no-shrink',
      '--suppress-health-check',
      'all',
      '--request-timeout',
      '30',
      '--header',
      'x-aula-csrf: 1',
      ...(cookies[role] ? ['--header', `Cookie: ${cookies[role]}`] : []),
      '--report',
      'junit',
      '--report-junit-path',
      junit,
      ...excludedArgs(excluded),
    ];
    const roleStarted = Date.now();
    console.log(`\n--- schemathesis as ${role} ---`);
    const code = await new Promise((resolve) => {
      const child = spawn(SCHEMATHESIS, runArgs, {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NO_COLOR: '1' },
      });
      child.on('close', resolve);
    });
    const cases = existsSync(junit) ? readJunit(junit) : [];
    for (const c of cases) {
      const ok = c.failures.length === 0;
      if (!ok) failed += 1;
      results.push({
        role,
        operation: c.name,
        ok,
        skipped: c.skipped,
        checks: ok ? [] : checksIn(c.failures.join('\n')),
        failure: ok ? undefined : c.failures.join('\n').slice(0, 2000),
      });
    }
    if (cases.length === 0 || (code !== 0 && cases.every((c) => c.failures.length === 0))) {
      failed += 1;
      results.push({ role, operation: '(run)', ok: false, checks: [`schemathesis exited with ${code}`] });
    }
    console.log(
      `--- ${role}: ${cases.length} operations (coverage phase on ${cases.length - coverageSkipped[role]}), ${((Date.now() - roleStarted) / 1000).toFixed(0)} s ---`,
    );
  }
} catch (err) {
  failed += 1;
  results.push({ role: '(setup)', operation: '(server)', ok: false, checks: [String(err.message ?? err)] });
} finally {
  await stopServer();
  await database?.close();
}

/**
 * The canary: a document that declares GET /api/health answers only 418 must make schemathesis report an
 * undocumented status. If it does not, the checks are not running (a changed CLI, say) and the step fails.
 */
async function canary(base) {
  const doc = join(REPORTS, 'fuzz-canary.json');
  const junit = join(REPORTS, 'fuzz-canary.xml');
  const spec = {
    openapi: '3.1.0',
    info: { title: 'canary', version: '1' },
    paths: { '/api/health': { get: { responses: { 418: { description: 'never answered' } } } } },
  };
  writeFileSync(doc, JSON.stringify(spec));
  await new Promise((resolve) => {
    const child = spawn(
      SCHEMATHESIS,
      [
        'run',
        doc,
        '--url',
        base,
        '--checks',
        'status_code_conformance',
        '--max-examples',
        '1',
        '--phases',
        'examples,fuzzing',
        '--report',
        'junit',
        '--report-junit-path',
        junit,
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    child.on('close', resolve);
  });
  const caught =
    existsSync(junit) &&
    readJunit(junit).some((c) => checksIn(c.failures.join('\n')).some((x) => x.startsWith('ST103')));
  if (!caught) failed += 1;
  results.push({
    role: '(canary)',
    operation: 'GET /api/health declared as 418 only',
    ok: caught,
    checks: caught ? [] : ['the undocumented status was not reported: are the checks running?'],
  });
}

/**
 * The bound per operation (decision 092): the coverage phase (boundary and wrong values for every parameter,
 * unexpected methods) runs for a role only on the operations the request guard admits that role to. For the
 * others the guard answers 401 or 403 in its onRequest hook, before the body, the query or the path parameters
 * are read (plugins/request-guard.ts), so every coverage case there takes the same path as the one refused
 * example; that the refusal is as the document declares is still checked by the examples and fuzzing phases,
 * which run on every operation for every role. The values the coverage phase sends are still sent, as every
 * admitted role: none of them reaches less code than before. The guard's rule is the server's own: the
 * operation's policy row (policy.ts) and `hasRole` for the signed-in user, `public` alone for the visitor.
 */
function refusedOperations(self) {
  const out = [];
  for (const [key, policy] of Object.entries(POLICY)) {
    if (policy.access === 'public' || key.endsWith('/*')) continue;
    if (self && (policy.sessionOnly || hasRole(self, policy.access))) continue;
    const [method, url] = key.split(' ');
    out.push(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
  }
  return out.sort();
}

/** schemathesis.toml for one role: the coverage phase off for the operations the guard refuses the role. */
function coverageConfig(refused) {
  if (!refused.length) return '';
  return [
    '[[operations]]',
    `include-name = [${refused.map((n) => JSON.stringify(n)).join(', ')}]`,
    'phases.coverage.enabled = false',
    '',
  ].join('\n');
}

/** The signed-in user's roles and type (GET /api/self), as the guard's `hasRole` reads them. */
async function whoIs(base, cookie) {
  const res = await fetch(`${base}/api/self`, { headers: { cookie } });
  const self = await res.json();
  if (res.status !== 200 || !Array.isArray(self.roles) || typeof self.type !== 'string')
    throw new Error(`GET /api/self: ${res.status} ${JSON.stringify(self).slice(0, 200)}`);
  return { roles: self.roles, type: self.type };
}

/** The fuzzer's server never runs on the suite's own database: on its own copy of the template, or on PGlite. */
function withoutDatabaseUrl(env) {
  const { DATABASE_URL, ...rest } = env;
  void DATABASE_URL;
  return rest;
}

/** schemathesis names an operation "METHOD /path". */
function excludedArgs(list) {
  return list.flatMap(([method, path]) => ['--exclude-name', `${method} ${path}`]);
}

const seconds = Math.round((Date.now() - started) / 1000);
writeFileSync(
  join(REPORTS, 'fuzz.json'),
  `${JSON.stringify({ seconds, maxExamples, seed, results }, null, 2)}\n`,
);
console.log(`\nfuzzing: ${results.length - failed} passed, ${failed} failed (${seconds} s)`);
for (const r of results.filter((x) => !x.ok))
  console.log(`FAIL ${r.role} ${r.operation}: ${r.checks.join(', ')}`);
process.exit(failed ? 1 : 0);
