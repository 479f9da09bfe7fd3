// node --import tsx bench/push.ts: push delivery (decision 073) from one server process to the stand-in push
// service (apps/server/src/test/push-service.ts, which checks every VAPID token and decrypts every payload) in a
// process of its own, as a real push service is, on PostgreSQL (DATABASE_URL; a throw-away database is created
// and dropped). Prints one line per figure, asserts nothing (issue 23 "Figures for the closing note"):
// (a) throughput: BENCH_PUSH_DEVICES (default 1,000) subscribed devices, BENCH_PUSHES (default 4,000) test
//     pushes queued at once (always relevant: no relevance query), then the server's worker drains the queue
//     (encryption per device, VAPID, HTTPS to the stand-in): pushes per second until the last one arrived;
// (b) delay: while the worker runs, BENCH_PUSH_RATE chat messages per second (default half of (a), at most 200)
//     are sent through the real chat API (POST /api/matrix/{roomId}/messages) by the demo teacher, each in a room
//     of its own with one pupil who has one device and no open tab; p50/p99/max from the send to the pupil's
//     push arriving at the stand-in, and how long the send's own answer took.
// Users and sessions are written with SQL (sign-ins through argon2id are not what is measured); each session
// is a real row whose access token the server checks like any other.
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { openDb } from '../apps/server/src/db/index.ts';
import { seedDemoSchoolIfEmpty } from '../apps/server/src/demo/seed.ts';
import { startPushService, type StandInSubscription } from '../apps/server/src/test/push-service.ts';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 1000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 4000);
const DELAY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ACCESS_COOKIE = 'aula_at'; // app.ts cookieNames on plain http
const hash = (t: string) => createHash('sha256').update(t).digest('hex');

/** A moment comparable across the two processes, in ms. */
const wallNow = () => performance.timeOrigin + performance.now();

type FromStandIn =
  | { type: 'ready'; appOptions: { allowedHosts: string[]; ca: string } }
  | { type: 'subscribed'; subs: StandInSubscription[] }
  | { type: 'received'; endpoint: string; at: number }
  | { type: 'refused'; count: number };

// ---- the stand-in push service, in its own process ---------------------------------------------------------

async function runStandIn(): Promise<void> {
  const svc = await startPushService({
    onReceived: (push) => process.send!({ type: 'received', endpoint: push.endpoint, at: wallNow() }),
  });
  process.on('message', (m: { type: string; count?: number; key?: string }) => {
    if (m.type === 'subscribe') {
      const subs = Array.from({ length: m.count! }, () => svc.subscribe(m.key));
      process.send!({ type: 'subscribed', subs });
    } else if (m.type === 'refused') {
      process.send!({ type: 'refused', count: svc.requests.filter((r) => r.status !== 201).length });
    } else if (m.type === 'close') {
      void svc.close().then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', appOptions: svc.appOptions });
}

// ---- the bench -------------------------------------------------------------------------------------------

const figure = (name: string, value: string | number) => {
  console.log(`${name.padEnd(64)} ${String(value).padStart(12)}`);
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function ask<T extends FromStandIn['type']>(
  child: ChildProcess,
  message: object,
  answer: T,
): Promise<Extract<FromStandIn, { type: T }>> {
  return new Promise((resolve) => {
    const on = (m: FromStandIn) => {
      if (m.type !== answer) return;
      child.off('message', on);
      resolve(m as Extract<FromStandIn, { type: T }>);
    };
    child.on('message', on);
    child.send(message);
  });
}

async function main(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `aula_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
  const dbUrl = withDatabase(process.env.DATABASE_URL, dbName);
  const q = (sql: string) => adminQuery(dbUrl, sql);
  const child = fork(fileURLToPath(import.meta.url), ['--stand-in'], { execArgv: ['--import', 'tsx'] });
  const arrivals = new Map<string, number[]>();
  let arrived = 0;
  let onArrived: (() => void) | null = null;
  child.on('message', (m: FromStandIn) => {
    if (m.type !== 'received') return;
    arrived++;
    const list = arrivals.get(m.endpoint) ?? [];
    list.push(m.at);
    arrivals.set(m.endpoint, list);
    onArrived?.();
  });
  // resolves once `count` pushes arrived; fails when none arrived for 60 s (a dropped push never comes)
  const untilArrived = (count: number) =>
    new Promise<void>((resolve, reject) => {
      let stall: NodeJS.Timeout | undefined;
      const check = () => {
        clearTimeout(stall);
        if (arrived >= count) {
          onArrived = null;
          resolve();
          return;
        }
        stall = setTimeout(
          () => reject(new Error(`${arrived} of ${count} pushes arrived, then none for 60 s`)),
          60_000,
        );
      };
      onArrived = check;
      check();
    });
  const { appOptions } = await new Promise<Extract<FromStandIn, { type: 'ready' }>>((resolve) =>
    child.once('message', (m: FromStandIn) => resolve(m as Extract<FromStandIn, { type: 'ready' }>)),
  );

  const database = await openDb({ url: dbUrl, poolSize: 10 });
  try {
    await seedDemoSchoolIfEmpty(database.db, { password: 'Bench-Passwort-2026' });
    const school = (await q(`select id from schools where slug = 'demo'`)).rows[0].id as number;
    // push on; the school's quiet hours off, so that pupils' pushes go at any hour the bench runs
    await q(`insert into config (school_id, key, value) values (${school}, 'enabled_features', 'chat,push'),
        (${school}, 'push_quiet_start', '00:00'), (${school}, 'push_quiet_end', '00:00')
      on conflict (school_id, key) do update set value = excluded.value`);
    const app = await buildApp({
      database,
      push: appOptions,
      secretKey: randomBytes(32),
      logger: { level: 'warn' },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const vapidKey = (await q(`select public_key from push_keys where school_id = ${school}`)).rows[0]
        .public_key as string;

      // pupils with a session each and one device each: the first DEVICES for (a), the next ones for (b)
      const maxDelayUsers = 200 * DELAY_SECONDS;
      const users = DEVICES + maxDelayUsers;
      await q(`insert into users (school_id, lara_id, username, type)
        select ${school}, 'bench-push-' || i, 'benchpush' || i, 'S' from generate_series(0, ${users - 1}) i`);
      const ids = (
        await q(
          `select id from users where username like 'benchpush%' order by substring(username from 10)::int`,
        )
      ).rows.map((r) => r.id as number);
      const tokens = ids.map(() => randomBytes(24).toString('base64url'));
      const sessionRows = ids.map(
        (id, i) =>
          `(${school}, ${id}, 'bench-push-${i}', '${hash(tokens[i]!)}', now() + interval '1 day', '${hash(`r${tokens[i]}`)}', now() + interval '2 days')`,
      );
      await q(`insert into sessions (school_id, user_id, family_id, access_token_hash, access_expires_at,
        refresh_token_hash, refresh_expires_at) values ${sessionRows.join(',')}`);
      const sessionOf = new Map(
        (await q(`select id, user_id from sessions where family_id like 'bench-push-%'`)).rows.map((r) => [
          r.user_id as number,
          r.id as number,
        ]),
      );
      const { subs } = await ask(child, { type: 'subscribe', count: users, key: vapidKey }, 'subscribed');
      const subRows = ids.map(
        (id, i) =>
          `(${school}, ${id}, ${sessionOf.get(id)}, '${subs[i]!.endpoint}', '${subs[i]!.keys.p256dh}', '${subs[i]!.keys.auth}')`,
      );
      await q(`insert into push_subscriptions (school_id, user_id, session_id, endpoint, p256dh, auth)
        values ${subRows.join(',')}`);
      await q('analyze');

      // (a) throughput
      const perDevice = Math.ceil(PUSHES / DEVICES);
      // test pushes: always relevant, so the figure is the delivery's (a chat push's relevance check is in (b))
      const payload = (tag: string) =>
        `jsonb_build_object('kind', 'test', 'title', 'Aula: Test', 'body', 'Bench', 'url', '/', 'tag', ${tag})`;
      await q(`insert into push_queue (school_id, subscription_id, user_id, kind, tag, payload, not_before,
          next_attempt_at, created_at)
        select s.school_id, s.id, s.user_id, 'test', 'test:' || g, ${payload(`'test:' || g`)}, now(), now(), now()
        from push_subscriptions s, generate_series(1, ${perDevice}) g
        where s.user_id = any(array[${ids.slice(0, DEVICES).join(',')}]::int[])
        order by g, s.id
        limit ${PUSHES}`);
      const began = performance.now();
      await app.push.drain();
      await untilArrived(PUSHES);
      const seconds = (performance.now() - began) / 1000;
      const rate = PUSHES / seconds;
      figure(`(a) ${PUSHES} pushes to ${DEVICES} devices, one process: pushes/s`, rate.toFixed(0));
      figure('(a) time to drain the queue, s', seconds.toFixed(2));

      // (b) delay from a chat message to its push at the stand-in, at a steady rate: one room per message, the
      // demo teacher and one pupil with a device (no open tab, so the push goes at once)
      const perSecond = Number(process.env.BENCH_PUSH_RATE ?? Math.min(200, Math.floor(rate / 2)));
      const sends = Math.min(maxDelayUsers, Math.round(perSecond * DELAY_SECONDS));
      const teacher = (await q(`select id from users where username = 'teacher'`)).rows[0].id as number;
      const teacherToken = randomBytes(24).toString('base64url');
      await q(`insert into sessions (school_id, user_id, family_id, access_token_hash, access_expires_at,
          refresh_token_hash, refresh_expires_at)
        values (${school}, ${teacher}, 'bench-push-teacher', '${hash(teacherToken)}', now() + interval '1 day',
          '${hash(`r${teacherToken}`)}', now() + interval '2 days')`);
      await q(`insert into chat_rooms (school_id, kind, name, owner_id)
        select ${school}, 'group', 'Bench-Push ' || r, ${teacher} from generate_series(0, ${sends - 1}) r`);
      const roomIds = (
        await q(
          `select id from chat_rooms where name like 'Bench-Push %' order by substring(name from 12)::int`,
        )
      ).rows.map((r) => r.id as number);
      const pupils = ids.slice(DEVICES, DEVICES + sends);
      await q(`insert into chat_room_members (room_id, user_id, moderator) values
        ${roomIds.map((room, i) => `(${room}, ${teacher}, true), (${room}, ${pupils[i]}, false)`).join(',')}`);
      const startedAt = new Map<string, number>();
      const answers: number[] = [];
      const failed: string[] = [];
      const before = arrived;
      const t0 = performance.now();
      const inflight: Promise<void>[] = [];
      for (let i = 0; i < sends; i++) {
        const wait = t0 + (i * 1000) / perSecond - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        startedAt.set(subs[DEVICES + i]!.endpoint, wallNow());
        const sent = performance.now();
        inflight.push(
          fetch(`${base}/api/matrix/${roomIds[i]}/messages`, {
            method: 'POST',
            headers: {
              cookie: `${ACCESS_COOKIE}=${teacherToken}`,
              'content-type': 'application/json',
              'x-aula-csrf': '1',
            },
            body: JSON.stringify({ body: `Hausaufgaben ${i}`, clientId: `bench-push-${i}` }),
          }).then(
            async (res) => {
              answers.push(performance.now() - sent);
              await res.arrayBuffer();
              // a send that failed has no push to wait for
              if (res.status !== 201 && res.status !== 200) failed.push(subs[DEVICES + i]!.endpoint);
            },
            () => void failed.push(subs[DEVICES + i]!.endpoint),
          ),
        );
      }
      await Promise.all(inflight);
      for (const endpoint of failed) startedAt.delete(endpoint);
      await untilArrived(before + sends - failed.length);
      const delays = [...startedAt]
        .map(([endpoint, at]) => arrivals.get(endpoint)![0]! - at)
        .sort((a, b) => a - b);
      answers.sort((a, b) => a - b);
      figure(
        `(b) ${sends} chat messages at ${perSecond}/s: send to push arrival p50 ms`,
        percentile(delays, 50).toFixed(1),
      );
      figure('(b) send to push arrival p99 ms', percentile(delays, 99).toFixed(1));
      figure('(b) send to push arrival max ms', delays.at(-1)!.toFixed(1));
      figure('(b) the send’s own answer p50 ms', percentile(answers, 50).toFixed(1));
      figure('(b) sends not answered 201 (no push to wait for)', failed.length);
      const { count } = await ask(child, { type: 'refused' }, 'refused');
      figure('answers other than 201 from the stand-in (bad token, undecryptable)', count);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    child.send({ type: 'close' });
    await adminQuery(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
  }
}

if (process.argv[2] === '--stand-in') await runStandIn();
else await main();
