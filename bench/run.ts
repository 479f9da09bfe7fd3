// npm run bench: the server on PostgreSQL under load, and the weight of the home page's JavaScript.
// Prints figures and their ratio to bench/baseline.json (no pass/fail: budgets are read, not asserted).
import autocannon from 'autocannon';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startTestApp, loginAs, DEMO_PASSWORD } from '../apps/server/src/test/test-app.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const baselineFile = fileURLToPath(new URL('./baseline.json', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
type Figures = Record<string, number>;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const t = await startTestApp({ webDist });
const figures: Figures = {};

async function load(name: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: DURATION_S, ...opts });
  figures[`${name} req/s`] = Math.round(r.requests.average);
  figures[`${name} p50 ms`] = r.latency.p50;
  figures[`${name} p99 ms`] = r.latency.p99;
  if (r.non2xx > 0) console.warn(`${name}: ${r.non2xx} non-2xx responses`);
}

try {
  const cookie = await loginAs(t.base, 'student');
  await load('GET /api/layout (signed in)', { url: `${t.base}/api/layout`, connections: 20, headers: { cookie } });
  await load('POST /api/login', {
    url: `${t.base}/api/login`,
    method: 'POST',
    connections: 8,
    headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
} finally {
  await t.close();
}

const html = readFileSync(`${webDist}/index.html`, 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!);
figures['home page JS gzip KB'] = Math.round(
  scripts.reduce((sum, src) => sum + gzipSync(readFileSync(`${webDist}${src}`)).length, 0) / 1024,
);

const baseline: Figures = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {};
console.log(`\nAula benchmark (${DURATION_S} s per load, PostgreSQL, ${scripts.length} JS files on the home page)`);
for (const [name, value] of Object.entries(figures)) {
  const base = baseline[name];
  const ratio = base ? `  x${(value / base).toFixed(2)} of baseline ${base}` : '  (no baseline yet)';
  console.log(`${name.padEnd(38)} ${String(value).padStart(8)}${ratio}`);
}
if (process.argv.includes('--save-baseline')) writeFileSync(baselineFile, JSON.stringify(figures, null, 2) + '\n');
