// npm run bench: the server on PostgreSQL under load, side by side with a bare Fastify reference
// (bare-server.ts), the weight of the home page's JavaScript, and page speed in Chromium (page-speed.ts).
// BENCH_SKIP_PAGES=1 leaves out page speed (the server figures alone, in a minute or two).
// BENCH_ONLY=ping,layout runs only the named parts (bench/README.md lists them); BENCH_ROUNDS=3 has each
// side-by-side pair take turns three times; BENCH_SERVER_NODE_ARGS passes flags to Aula's server process
// (e.g. --cpu-prof for a profile of it under load).
// Prints figures and their ratio to bench/baseline.json (no pass/fail: budgets are read, not asserted).
import autocannon from 'autocannon';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { freePort, waitForHealth } from './server-process.ts';
import { randomBytes } from 'node:crypto';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';
import { loginAs } from '../apps/server/src/test/test-app.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { measurePageSpeed } from './page-speed.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SKIP_PAGES = process.env.BENCH_SKIP_PAGES === '1';
const WARM_UP_S = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** The parts of the bench, in the order they run; BENCH_ONLY names a subset. */
const PARTS = ['ping', 'signed-in', 'layout', 'br', '304', 'login', 'argon2', 'js', 'pages'] as const;
type Part = (typeof PARTS)[number];
const only = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const unknownPart = only?.find((p) => !(PARTS as readonly string[]).includes(p));
if (unknownPart) throw new Error(`BENCH_ONLY: no part ${unknownPart} (parts: ${PARTS.join(', ')})`);
const runs = (part: Part) => (only ? only.includes(part) : part !== 'pages' || !SKIP_PAGES);
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
// BENCH_RATE=n: every load at n requests per second instead of as fast as it goes; the CPU per request is then
// measured with the machine not saturated, steadier for telling two versions of a hot path apart
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const BARE_NODE_ARGS = process.env.BENCH_BARE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const baselineFile = fileURLToPath(new URL('./baseline.json', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
type Figures = Record<string, number>;

const PASSWORD = 'Bench-Passwort-2026';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `aula_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
const port = await freePort();
// The server runs in its own process, as in production, so the load generator does not share its event loop.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: withDatabase(process.env.DATABASE_URL, dbName),
    PORT: String(port),
    HOST: '127.0.0.1',
    AULA_DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    AULA_WEB_DIST: webDist,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
// on a loaded machine start-up can take long; a server that never answers is stopped, not left running
const started = (url: string, child: ReturnType<typeof spawn>) =>
  waitForHealth(url, 120).catch(async (err: unknown) => {
    child.kill('SIGTERM');
    await dropDatabase();
    throw err;
  });
await started(base, server);
// The bare reference: its own process on the same database, loaded one after the other with Aula.
const barePort = await freePort();
// started once the server has migrated the database
const bare = spawn(process.execPath, [...BARE_NODE_ARGS, '--import', 'tsx', 'bench/bare-server.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: withDatabase(process.env.DATABASE_URL, dbName),
    PORT: String(barePort),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const bareBase = `http://127.0.0.1:${barePort}`;
await started(bareBase, bare).catch((err: unknown) => {
  server.kill('SIGTERM');
  throw err;
});
const figures: Figures = {};
/** Each measured line against its reference: [name, reference name, label of the ratio]. */
const pairs: [string, string, string][] = [];

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is none. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function load(name: string, opts: autocannon.Options, expected: '2xx' | '3xx' = '2xx') {
  const started = process.hrtime.bigint() / 1000n;
  // the CPU the answering process spent per request: steadier than req/s on a machine others load too
  const pid = String(opts.url).startsWith(bareBase) ? bare.pid : server.pid;
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ duration: DURATION_S, ...(RATE ? { overallRate: RATE } : {}), ...opts });
  const cpuAfter = cpuMs(pid);
  if (cpuBefore !== null && cpuAfter !== null && r.requests.total > 0)
    figures[`${name} CPU ms/1k req`] =
      Math.round(((cpuAfter - cpuBefore) / r.requests.total) * 1000 * 10) / 10;
  // the load's window on the monotonic clock V8's profiles use too (bench/profile-top.ts --window)
  if (SERVER_NODE_ARGS.length > 0)
    console.log(`window ${name}: --window ${started}-${process.hrtime.bigint() / 1000n}`);
  figures[`${name} req/s`] = Math.round(r.requests.average);
  figures[`${name} p50 ms`] = r.latency.p50;
  figures[`${name} p99 ms`] = r.latency.p99;
  const unexpected = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'] - r[expected];
  if (unexpected > 0 || r.errors > 0)
    console.warn(`${name}: ${unexpected} answers other than ${expected}, ${r.errors} errors`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Loads Aula and its reference with the same options one after the other, and records the ratio. Each
 * first gets a short load that is not counted, so neither is measured while its JIT is still cold. With
 * BENCH_ROUNDS=n the two take turns n times (Aula, reference, Aula, …), so a change in the machine's load
 * falls on both; each figure is then the median of its rounds and the ratio the median of the rounds' ratios.
 */
async function compare(
  name: string,
  reference: string,
  opts: autocannon.Options,
  refOpts: autocannon.Options,
) {
  await autocannon({ ...opts, duration: WARM_UP_S });
  await autocannon({ ...opts, ...refOpts, duration: WARM_UP_S });
  const rounds: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await load(name, opts);
    await load(reference, { ...opts, ...refOpts });
    rounds.push({ ...figures });
  }
  for (const line of [name, reference])
    for (const figure of ['req/s', 'p50 ms', 'p99 ms', 'CPU ms/1k req'])
      if (rounds[0]![`${line} ${figure}`] !== undefined)
        figures[`${line} ${figure}`] = median(rounds.map((r) => r[`${line} ${figure}`]!));
  const ratios = rounds.map((r) => r[`${name} req/s`]! / r[`${reference} req/s`]!);
  if (ROUNDS > 1) console.log(`${name} / ${reference}: rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  if (ROUNDS > 1)
    for (const line of [name, reference])
      console.log(
        `${line}: CPU ms/1k req per round ${rounds.map((r) => r[`${line} CPU ms/1k req`]).join(', ')}`,
      );
  pairs.push([name, reference, `${name} / ${reference}`]);
  figures[`${name} / ${reference}`] = Math.round(median(ratios) * 100) / 100;
  const cpu = (line: string) => figures[`${line} CPU ms/1k req`];
  if (cpu(name) && cpu(reference))
    figures[`${name} / ${reference} CPU per req`] = Math.round((cpu(name)! / cpu(reference)!) * 100) / 100;
}

/** Gives the user a personal layout of `count` tiles (their own private tiles plus the locked ones), through the API. */
async function fillPersonalLayout(cookie: string, count: number): Promise<void> {
  const headers = { cookie, 'x-aula-csrf': '1' };
  const shown = (await (await fetch(`${base}/api/layout`, { headers })).json()) as {
    layout: { id: number; locked: boolean }[];
  };
  const ids = shown.layout.filter((b) => b.locked).map((b) => b.id);
  for (let i = ids.length; i < count; i++) {
    const form = new FormData();
    form.append('title', `Kachel ${i + 1}`);
    form.append('url', `https://tile${i + 1}.example.org/`);
    form.append('color', 'sky-500');
    const res = await fetch(`${base}/api/apps`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`creating a tile failed: ${res.status}`);
    ids.push(((await res.json()) as { bubble: { id: number } }).bubble.id);
  }
  const res = await fetch(`${base}/api/layout`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ layout: ids, private: true, signedOut: false }),
  });
  if (res.status !== 200) throw new Error(`saving the layout failed: ${res.status}`);
}

try {
  const cookie = await loginAs(base, 'student', PASSWORD);
  // issue 17, item 8: the ping against a bare route that hashes the cookie and reads sessions once
  if (runs('ping'))
    await compare(
      'POST /api/users/alive (50 conn)',
      'bare ping (50 conn)',
      {
        url: `${base}/api/users/alive`,
        method: 'POST',
        connections: 50,
        headers: { cookie, 'x-aula-csrf': '1' },
      },
      { url: `${bareBase}/bare/alive` },
    );
  if (runs('signed-in'))
    await load('GET /api/layout (signed in)', {
      url: `${base}/api/layout`,
      connections: 20,
      headers: { cookie },
    });
  // a personal layout of 50 tiles at 100 connections: the full answer (against a bare route running the same
  // SQL), compressed, then the 304 of an unchanged one
  const full = await loginAs(base, 'student2', PASSWORD);
  if (runs('layout') || runs('br') || runs('304')) await fillPersonalLayout(full, 50);
  if (runs('layout'))
    await compare(
      'GET /api/layout (50 tiles, 100 conn)',
      'bare layout (50 tiles, 100 conn)',
      { url: `${base}/api/layout`, connections: 100, headers: { cookie: full } },
      { url: `${bareBase}/bare/layout` },
    );
  if (runs('br')) {
    await load('GET /api/layout br (50 tiles, 100 conn)', {
      url: `${base}/api/layout`,
      connections: 100,
      headers: { cookie: full, 'accept-encoding': 'br, gzip' },
    });
    const uncompressed = 'GET /api/layout (50 tiles, 100 conn)';
    const compressed = 'GET /api/layout br (50 tiles, 100 conn)';
    if (figures[`${uncompressed} req/s`] !== undefined) {
      pairs.push([compressed, uncompressed, 'layout compressed / uncompressed']);
      figures['layout compressed / uncompressed'] =
        Math.round((figures[`${compressed} req/s`]! / figures[`${uncompressed} req/s`]!) * 100) / 100;
    }
    // the bytes on the wire: fetch decodes the body, Content-Length is what travelled
    for (const [label, headers] of [
      ['layout answer bytes (raw)', { cookie: full, 'accept-encoding': 'identity' }],
      ['layout answer bytes (br)', { cookie: full, 'accept-encoding': 'br, gzip' }],
    ] as const) {
      const res = await fetch(`${base}/api/layout`, { headers });
      await res.arrayBuffer();
      figures[label] = Number(res.headers.get('content-length'));
    }
  }
  if (runs('304')) {
    const { version } = (await (await fetch(`${base}/api/layout`, { headers: { cookie: full } })).json()) as {
      version: string;
    };
    await load(
      'GET /api/layout 304 (50 tiles, 100 conn)',
      {
        url: `${base}/api/layout`,
        connections: 100,
        headers: { cookie: full, 'if-none-match': `"${version}"` },
      },
      '3xx',
    );
  }
  if (runs('login'))
    await load('POST /api/login', {
      url: `${base}/api/login`,
      method: 'POST',
      connections: 8,
      headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
      body: JSON.stringify({ username: 'teacher', password: PASSWORD }),
    });
} finally {
  bare.kill('SIGTERM');
  server.kill('SIGTERM');
  await Promise.all([
    new Promise((resolve) => server.once('exit', resolve)),
    new Promise((resolve) => bare.once('exit', resolve)),
  ]);
  await dropDatabase();
}

// One argon2id verify at the SECURITY.md parameters, in this process with nothing else running: the floor under
// every sign-in (known and unknown users alike cost exactly one).
if (runs('argon2')) {
  const hash = await hashPassword(PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await verifyPassword(hash, PASSWORD);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  figures['argon2id verify p50 ms'] = Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

let scripts: string[] = [];
if (runs('js')) {
  const html = readFileSync(`${webDist}/index.html`, 'utf8');
  scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  figures['home page JS gzip KB'] = Math.round(
    scripts.reduce((sum, src) => sum + gzipSync(readFileSync(`${webDist}${src}`)).length, 0) / 1024,
  );
}
// After the load tests, so the browser does not compete with them for the CPU.
if (runs('pages')) Object.assign(figures, await measurePageSpeed(webDist));

const baseline: Figures = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {};
console.log(
  `\nAula benchmark (${DURATION_S} s per load, PostgreSQL${runs('js') ? `, ${scripts.length} JS files on the home page` : ''}${only ? `, parts ${only.join(', ')}` : ''})`,
);
for (const [name, value] of Object.entries(figures)) {
  const base = baseline[name];
  const ratio = base ? `  x${(value / base).toFixed(2)} of baseline ${base}` : '  (no baseline yet)';
  console.log(`${name.padEnd(40)} ${String(value).padStart(8)}${ratio}`);
}
if (pairs.length > 0) {
  console.log('\nSide by side (req/s, p99, ratio of req/s to the reference)');
  for (const [name, reference, ratio] of pairs) {
    for (const line of [name, reference])
      console.log(
        `${line.padEnd(42)} ${String(figures[`${line} req/s`]).padStart(7)} req/s  p99 ${String(figures[`${line} p99 ms`]).padStart(5)} ms` +
          (figures[`${line} CPU ms/1k req`] ? `  CPU ${figures[`${line} CPU ms/1k req`]} ms/1k req` : ''),
      );
    console.log(`${'  ratio'.padEnd(42)} ${String(figures[ratio]).padStart(7)}`);
  }
}
if (process.argv.includes('--save-baseline') && !only)
  writeFileSync(baselineFile, JSON.stringify(figures, null, 2) + '\n');

async function dropDatabase(): Promise<void> {
  await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${dbName} with (force)`);
}
