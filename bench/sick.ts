// node --import tsx bench/sick.ts: sick notices (decision 062) against the real server on PostgreSQL
// (DATABASE_URL; a throw-away database is created and dropped). Prints figures only:
// - GET /api/sick filtered for one class, as its class teacher, with 5,000 notices in the school;
// - the stored size of a 4032 × 3024 phone photo after preparePhoto (the fixture photo, and noise as the
//   worst case a camera sends).
import autocannon from 'autocannon';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, waitForHealth } from './server-process.ts';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';
import { loginAs } from '../apps/server/src/test/test-app.ts';
import { imageOwner } from '../apps/server/src/lib/image-limiter.ts';
import { preparePhoto } from '../apps/server/src/modules/files/file-checks.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';

const NOTICES = 5000;
const PUPILS = 500;
const CLASSES = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-Passwort-2026';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `aula_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
const dbUrl = withDatabase(process.env.DATABASE_URL, dbName);
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    AULA_DEMO: '1',
    AULA_DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

/**
 * 500 pupils in 20 classes (the demo teacher's 5a one of them), 10 notices each, spread over the last
 * 250 days, one in three processed.
 */
async function seed(): Promise<number> {
  const q = (sql: string) => adminQuery(dbUrl, sql);
  const school = (await q(`select id from schools where slug = 'demo'`)).rows[0].id as number;
  const classA = (await q(`select id from groups where school_id = ${school} and name = '5a'`)).rows[0]
    .id as number;
  const teacher = (await q(`select id from users where username = 'teacher'`)).rows[0].id as number;
  await q(
    `insert into groups (school_id, name) select ${school}, 'b' || g from generate_series(1, ${CLASSES - 1}) g`,
  );
  await q(`insert into users (school_id, lara_id, username, first_name, last_name, type)
    select ${school}, 'bench-' || i, 'bench' || i, 'Kind', 'Nummer ' || i, 'S' from generate_series(1, ${PUPILS}) i`);
  // pupil i goes to class i mod 20: 0 is 5a, the others the bench classes b1..b19
  await q(`insert into group_members (school_id, group_id, user_id)
    select ${school}, case when (i % ${CLASSES}) = 0 then ${classA}
      else (select id from groups where school_id = ${school} and name = 'b' || (i % ${CLASSES})) end,
      (select id from users where username = 'bench' || i)
    from generate_series(1, ${PUPILS}) i`);
  await q(`insert into sick_notices (school_id, user_id, reported_by, begins, ends, message, processed_at, processed_by, created_at)
    select ${school}, u.id, u.id, current_date - (n % 250), current_date - (n % 250) + 2, 'Fieber und Husten',
      case when n % 3 = 0 then now() - (n % 250) * interval '1 day' end, case when n % 3 = 0 then ${teacher} end,
      now() - (n % 250) * interval '1 day' - n * interval '1 second'
    from generate_series(1, ${NOTICES}) n join users u on u.username = 'bench' || (1 + (n % ${PUPILS}))`);
  // a school's database has statistics; a bulk load just now has none until autovacuum comes by, and
  // the planner then guesses (40 ms a request instead of 10)
  await q('analyze');
  return classA;
}

const figures: Record<string, number | string> = {};
try {
  await waitForHealth(base);
  const classA = await seed();
  const cookie = await loginAs(base, 'teacher', PASSWORD);
  const url = `${base}/api/sick?groups=${classA}&perPage=20`;
  const first = await fetch(url, { headers: { cookie } });
  const body = (await first.json()) as { total: number; unprocessed: number };
  figures['notices in the school'] = NOTICES;
  figures['notices of 5a (total)'] = body.total;
  const opts = { url, headers: { cookie }, connections: 20 };
  await autocannon({ ...opts, duration: 3 });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`${r.non2xx} answers other than 2xx, ${r.errors} errors`);
  figures['GET /api/sick?groups=5a (teacher) req/s'] = Math.round(r.requests.average);
  figures['GET /api/sick?groups=5a (teacher) p50 ms'] = r.latency.p50;
  figures['GET /api/sick?groups=5a (teacher) p99 ms'] = r.latency.p99;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await adminQuery(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const fixture = await phonePhoto(4032, 3024);
const noise = await sharp({
  create: {
    width: 4032,
    height: 3024,
    channels: 3,
    background: '#888',
    noise: { type: 'gaussian', mean: 128, sigma: 40 },
  },
})
  .jpeg({ quality: 90 })
  .toBuffer();
for (const [name, input] of [
  ['fixture photo', fixture],
  ['noise photo', noise],
] as const) {
  const started = performance.now();
  const { photo, thumbnail } = await preparePhoto({ data: input }, imageOwner(1, null));
  figures[`${name} 4032x3024 upload KB`] = kb(input.length);
  figures[`${name} stored JPEG KB (${photo.width}x${photo.height})`] = kb(photo.data.length);
  figures[`${name} thumbnail WebP KB`] = kb(thumbnail.data.length);
  figures[`${name} preparePhoto ms`] = Math.round(performance.now() - started);
}

console.log(`\nAula sick notices (PostgreSQL, ${DURATION_S} s at 20 connections)`);
for (const [name, value] of Object.entries(figures))
  console.log(`${name.padEnd(56)} ${String(value).padStart(8)}`);
