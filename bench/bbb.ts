// node --import tsx bench/bbb.ts: video rooms (decision 067) against the real server on PostgreSQL
// (DATABASE_URL; a throw-away database is created and dropped). Prints figures only:
// - GET /api/bbb?q=… (the chooser's search) as the demo teacher, with 2,000 rooms in the school, and the same
//   search over every room as an admin (showAll);
// - the BigBlueButton API calls one join makes, read from the stand-in server's call log: the moderator who
//   starts the meeting, and a member joining the running meeting.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, waitForHealth } from './server-process.ts';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';
import { loginAs } from '../apps/server/src/test/test-app.ts';
import { startBbbServer } from '../apps/server/src/test/bbb-server.ts';

const ROOMS = 2000;
const TEACHERS = 100;
const CLASSES = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-Passwort-2026';
const SUBJECTS = [
  'Mathe',
  'Deutsch',
  'Englisch',
  'Physik',
  'Kunst',
  'Musik',
  'Sport',
  'Biologie',
  'Chemie',
  'Geschichte',
];
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
 * 100 teachers with 20 rooms each (2,000 besides the demo's), named "<subject> <class> <n>"; each room is for
 * one of 20 classes (the demo teacher's 5a one of them) and has three people. The demo teacher owns 20 of
 * them and finds those of 5a shared with them.
 */
async function seed(): Promise<void> {
  const q = (sql: string) => adminQuery(dbUrl, sql);
  const school = (await q(`select id from schools where slug = 'demo'`)).rows[0].id as number;
  const classA = (await q(`select id from groups where school_id = ${school} and name = '5a'`)).rows[0]
    .id as number;
  await q(
    `insert into groups (school_id, name) select ${school}, 'b' || g from generate_series(1, ${CLASSES - 1}) g`,
  );
  await q(`insert into users (school_id, lara_id, username, first_name, last_name, type)
    select ${school}, 'bench-' || i, 'bench' || i, 'Lehrkraft', 'Nummer ' || i, 'L' from generate_series(1, ${TEACHERS}) i`);
  const subjects = `array[${SUBJECTS.map((s) => `'${s}'`).join(',')}]`;
  // room n: owner bench teacher (n mod 100), the demo teacher for n mod 100 = 0; class n mod 20
  await q(`insert into bbb_rooms (school_id, owner_id, name, code, meeting_id, attendee_pw, moderator_pw, created_at)
    select ${school},
      case when n % ${TEACHERS} = 0 then (select id from users where username = 'teacher')
        else (select id from users where username = 'bench' || (n % ${TEACHERS})) end,
      (${subjects})[1 + (n / ${CLASSES}) % ${SUBJECTS.length}] || ' ' || case when n % ${CLASSES} = 0 then '5a' else 'b' || (n % ${CLASSES}) end || ' ' || n,
      'bench-code-' || n, 'bench-' || n, 'a', 'm', now() - n * interval '1 minute'
    from generate_series(1, ${ROOMS}) n`);
  await q(`insert into bbb_room_groups (room_id, group_id)
    select r.id, case when n % ${CLASSES} = 0 then ${classA}
      else (select id from groups where school_id = ${school} and name = 'b' || (n % ${CLASSES})) end
    from generate_series(1, ${ROOMS}) n join bbb_rooms r on r.meeting_id = 'bench-' || n`);
  await q(`insert into bbb_room_members (room_id, user_id)
    select r.id, (select id from users where username = 'bench' || (1 + (n + k) % ${TEACHERS}))
    from generate_series(1, ${ROOMS}) n join bbb_rooms r on r.meeting_id = 'bench-' || n
      cross join generate_series(1, 3) k
    on conflict do nothing`);
  await q('analyze');
}

const figures: Record<string, number | string> = {};
const bbb = await startBbbServer();
try {
  await waitForHealth(base);
  await seed();
  const teacher = await loginAs(base, 'teacher', PASSWORD);
  const admin = await loginAs(base, 'admin', PASSWORD);
  const rooms = async (query: string, cookie: string) =>
    (await (await fetch(`${base}/api/bbb?${query}`, { headers: { cookie } })).json()) as { total: number };
  figures['rooms in the school'] = (await rooms('showAll=true&perPage=1', admin)).total;
  figures['rooms the teacher sees (own and shared)'] = (await rooms('perPage=1', teacher)).total;
  figures['of them matching q=Mathe'] = (await rooms('q=Mathe&perPage=1', teacher)).total;
  for (const [label, query, cookie] of [
    ['GET /api/bbb?q=Mathe (teacher)', 'q=Mathe', teacher],
    ['GET /api/bbb?q=Mathe&showAll=true (admin)', 'q=Mathe&showAll=true', admin],
  ] as const) {
    const opts = { url: `${base}/api/bbb?${query}`, headers: { cookie }, connections: 20 };
    await autocannon({ ...opts, duration: 3 });
    const r = await autocannon({ ...opts, duration: DURATION_S });
    if (r.non2xx > 0 || r.errors > 0) console.warn(`${r.non2xx} answers other than 2xx, ${r.errors} errors`);
    figures[`${label} req/s`] = Math.round(r.requests.average);
    figures[`${label} p50 ms`] = r.latency.p50;
    figures[`${label} p99 ms`] = r.latency.p99;
  }

  // the BBB calls of a join, from the stand-in's log
  const csrf = { 'x-aula-csrf': '1', 'content-type': 'application/json' };
  const put = await fetch(`${base}/api/config/bbb`, {
    method: 'PUT',
    headers: { ...csrf, cookie: admin },
    body: JSON.stringify({
      settings: { url: bbb.url, checksumAlgorithm: bbb.algorithm, allowInternal: true },
      secret: bbb.secret,
    }),
  });
  if (put.status !== 200) throw new Error(`PUT /api/config/bbb: ${put.status}`);
  const list = (await (
    await fetch(`${base}/api/bbb?q=Klasse%205a`, { headers: { cookie: teacher } })
  ).json()) as {
    items: { id: number }[];
  };
  const roomId = list.items[0]!.id;
  const pupil = await loginAs(base, 'student', PASSWORD);
  for (const [label, cookie] of [
    ['BBB calls: the teacher starts the meeting', teacher],
    ['BBB calls: a pupil joins the running meeting', pupil],
  ] as const) {
    bbb.clearCalls();
    const res = await fetch(`${base}/api/bbb/${roomId}/join`, { headers: { ...csrf, cookie } });
    const body = (await res.json()) as { status: string; url?: string };
    if (body.status !== 'ready') throw new Error(`join: ${res.status} ${JSON.stringify(body)}`);
    figures[label] = `${bbb.callNames().length} (${bbb.callNames().join(', ')})`;
    // the browser goes there: the stand-in counts the participant, the meeting runs
    await fetch(body.url!);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await bbb.close();
  await adminQuery(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
}

console.log(`\nAula video rooms (PostgreSQL, ${DURATION_S} s at 20 connections)`);
for (const [name, value] of Object.entries(figures))
  console.log(`${name.padEnd(56)} ${String(value).padStart(8)}`);
