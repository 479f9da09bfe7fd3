// node --import tsx bench/events.ts: the live event stream (decision 071) and the chat's message pages
// (decision 070) against the real server on PostgreSQL (DATABASE_URL; a throw-away database is created and
// dropped). Prints one line per figure, asserts nothing (issue 22 "Scale and speed"):
// (a) memory of one server process per 1,000 open event streams: RSS and heap after a full GC, before and
//     after (the process runs with --expose-gc and bench/heap-probe.ts, which answers over IPC);
// (d) bytes per idle minute per stream: what the sockets of the 1,000 streams read in a quiet minute
//     (heartbeats; BENCH_IDLE_SECONDS for another length), in wire bytes (HTTP chunk framing included);
// (b) fan-out: 1,000 signed-in users in 50 chat rooms of 20, each with its stream open; messages sent through
//     the real chat API (POST /api/matrix/{roomId}/messages) by members; p50/p99 from the send to the
//     receipt of `chat.message` on every member's stream: on one process, then with two processes on one
//     PostgreSQL (streams split across both, sends alternating);
// (c) a room with 10,000 messages: GET /api/matrix/{roomId}/messages (the newest page) and every page back by
//     the `before` cursor, in ms, and the SQL statements per page request, counted by a proxy in front of
//     PostgreSQL that reads the wire protocol (each Query or Execute message is one statement; the session
//     check of the request is included).
// Users and sessions are written with SQL (1,000 sign-ins through argon2id would take minutes and are not
// what is measured); each session is a real row whose access token the server checks like any other.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { performance } from 'node:perf_hooks';
import { freePort, waitForHealth } from './server-process.ts';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';

const USERS = 1000;
const ROOMS = 50;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const SEND_INTERVAL_MS = Number(process.env.BENCH_SEND_INTERVAL_MS ?? 100);
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const HISTORY = 10_000;
const PASSWORD = 'Bench-Passwort-2026';
const ACCESS_COOKIE = 'aula_at'; // app.ts cookieNames on plain http

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `aula_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
const dbUrl = withDatabase(process.env.DATABASE_URL, dbName);
const q = (sql: string) => adminQuery(dbUrl, sql);

const figure = (name: string, value: string | number) => {
  console.log(`${name.padEnd(64)} ${String(value).padStart(12)}`);
};

// ---- server processes ------------------------------------------------------------------------------------

interface Proc {
  base: string;
  child: ChildProcess;
  memory(): Promise<{ rss: number; heapUsed: number; external: number }>;
}

async function startServer(databaseUrl: string, demo: boolean): Promise<Proc> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './bench/heap-probe.ts', 'apps/server/src/main.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(demo ? { AULA_DEMO: '1', AULA_DEMO_PASSWORD: PASSWORD } : {}),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    child,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { rss: number; heapUsed: number; external: number }));
        child.send('memory');
      }),
  };
}

async function stopServer(p: Proc): Promise<void> {
  if (p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  await new Promise((resolve) => p.child.once('exit', resolve));
}

// ---- seed ------------------------------------------------------------------------------------------------

interface Seeded {
  school: number;
  /** user i (0-based): cookie and id */
  users: { id: number; cookie: string }[];
  /** room r: id and member indexes */
  rooms: { id: number; members: number[] }[];
}

/** 1,000 pupils with a session each, 50 group rooms of 20 (user i in room i mod 50), made by the demo teacher. */
async function seed(): Promise<Seeded> {
  const school = (await q(`select id from schools where slug = 'demo'`)).rows[0].id as number;
  const teacher = (await q(`select id from users where username = 'teacher'`)).rows[0].id as number;
  await q(`insert into users (school_id, lara_id, username, first_name, last_name, type)
    select ${school}, 'bench-ev-' || i, 'benchev' || i, 'Kind', 'Nummer ' || i, 'S'
    from generate_series(0, ${USERS - 1}) i`);
  const ids = (
    await q(
      `select id, substring(username from 8)::int as i from users where username like 'benchev%' order by 2`,
    )
  ).rows.map((r) => r.id as number);
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  const hash = (t: string) => createHash('sha256').update(t).digest('hex');
  const values = ids.map(
    (id, i) =>
      `(${school}, ${id}, 'bench-family-${i}', '${hash(tokens[i]!)}', now() + interval '1 day', '${hash(`r${tokens[i]}`)}', now() + interval '2 days')`,
  );
  await q(`insert into sessions (school_id, user_id, family_id, access_token_hash, access_expires_at,
    refresh_token_hash, refresh_expires_at) values ${values.join(',')}`);
  await q(`insert into chat_rooms (school_id, kind, name, owner_id)
    select ${school}, 'group', 'Bench-Raum ' || r, ${teacher} from generate_series(0, ${ROOMS - 1}) r`);
  const roomIds = (
    await q(`select id from chat_rooms where name like 'Bench-Raum %' order by substring(name from 12)::int`)
  ).rows.map((r) => r.id as number);
  const members = ids.map((id, i) => `(${roomIds[i % ROOMS]}, ${id})`);
  await q(`insert into chat_room_members (room_id, user_id) values ${members.join(',')}`);
  await q(`insert into chat_room_members (room_id, user_id, moderator)
    select id, ${teacher}, true from chat_rooms where name like 'Bench-Raum %'`);
  await q('analyze');
  return {
    school,
    users: ids.map((id, i) => ({ id, cookie: `${ACCESS_COOKIE}=${tokens[i]}` })),
    rooms: roomIds.map((id, r) => ({
      id,
      members: ids.map((_, i) => i).filter((i) => i % ROOMS === r),
    })),
  };
}

// ---- event stream clients --------------------------------------------------------------------------------

interface Client {
  /** TCP payload bytes read so far (headers, chunk framing, events, heartbeats) */
  bytesRead(): number;
  comments: number;
  events: number;
  close(): void;
}

type OnEvent = (type: string, data: string, at: number) => void;

/** One EventSource as a browser holds it: GET /api/events with the session cookie, parsed as it arrives. */
function openStream(base: string, cookie: string, onEvent: OnEvent): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/events: ${res.statusCode}`));
        res.resume();
        return;
      }
      const socket = req.socket!;
      let buffer = '';
      let type = '';
      let data = '';
      const client: Client = {
        bytesRead: () => socket.bytesRead,
        comments: 0,
        events: 0,
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      // line by line, as EventSource reads: a comment (heartbeat) is one line; an empty line ends an event
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (type) {
              client.events++;
              onEvent(type, data, at);
            }
            type = '';
            data = '';
          } else if (line.startsWith(':')) client.comments++;
          else if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
      });
      res.on('error', () => undefined);
      resolve(client);
    });
  });
}

async function openAll(
  seeded: Seeded,
  baseOf: (i: number) => string,
  onEvent: OnEvent,
  batch = 100,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let from = 0; from < seeded.users.length; from += batch) {
    const part = seeded.users.slice(from, from + batch);
    clients.push(...(await Promise.all(part.map((u, k) => openStream(baseOf(from + k), u.cookie, onEvent)))));
  }
  return clients;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---- fan-out ---------------------------------------------------------------------------------------------

async function fanOut(label: string, seeded: Seeded, procs: Proc[]): Promise<void> {
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const answered: number[] = [];
  const answeredAt = new Map<string, number>();
  const afterAnswer: number[] = [];
  let expected = 0;
  const onEvent: OnEvent = (type, data, at) => {
    if (type !== 'chat.message') return;
    const body = (JSON.parse(data) as { message: { body: string | null } }).message.body ?? '';
    const start = sent.get(body);
    if (start !== undefined) latencies.push(at - start);
    const done = answeredAt.get(body);
    if (done !== undefined) afterAnswer.push(at - done);
  };
  const clients = await openAll(seeded, (i) => procs[i % procs.length]!.base, onEvent);
  await sleep(1000);
  let failed = 0;
  const sends: Promise<void>[] = [];
  const run = randomBytes(3).toString('hex');
  // the first round (one message per room) warms the processes up and is not counted
  const warmUp = ROOMS;
  for (let n = -warmUp; n < MESSAGES; n++) {
    if (n === 0) {
      await Promise.all(sends.splice(0));
      await sleep(1000);
      latencies.length = 0;
      answered.length = 0;
      afterAnswer.length = 0;
      expected = 0;
    }
    const k = n + warmUp;
    const room = seeded.rooms[k % ROOMS]!;
    const sender = seeded.users[room.members[Math.floor(k / ROOMS) % room.members.length]!]!;
    const proc = procs[k % procs.length]!;
    const body = `bench ${run} ${n}`;
    expected += room.members.length;
    const start = performance.now();
    sent.set(body, start);
    sends.push(
      fetch(`${proc.base}/api/matrix/${room.id}/messages`, {
        method: 'POST',
        headers: { cookie: sender.cookie, 'content-type': 'application/json', 'x-aula-csrf': '1' },
        body: JSON.stringify({ body, clientId: `bench-${run}-${n}` }),
      }).then(async (res) => {
        if (res.status !== 201 && res.status !== 200) {
          failed++;
          if (failed === 1) console.warn(`send: ${res.status} ${await res.text()}`);
        } else {
          await res.arrayBuffer();
          answered.push(performance.now() - start);
          answeredAt.set(body, performance.now());
        }
      }),
    );
    await sleep(SEND_INTERVAL_MS);
  }
  await Promise.all(sends);
  // wait for the last receipts (at most 10 s)
  for (let i = 0; i < 100 && latencies.length < expected; i++) await sleep(100);
  for (const c of clients) c.close();
  latencies.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  afterAnswer.sort((a, b) => a - b);
  figure(`fan-out ${label}: messages sent (failed)`, `${MESSAGES} (${failed})`);
  figure(
    `fan-out ${label}: the send answered p50 / p99 ms`,
    `${percentile(answered, 50).toFixed(1)} / ${percentile(answered, 99).toFixed(1)}`,
  );
  figure(`fan-out ${label}: receipts (expected)`, `${latencies.length} (${expected})`);
  figure(`fan-out ${label}: send to receipt p50 ms`, percentile(latencies, 50).toFixed(1));
  figure(`fan-out ${label}: send to receipt p99 ms`, percentile(latencies, 99).toFixed(1));
  figure(`fan-out ${label}: send to receipt max ms`, (latencies.at(-1) ?? NaN).toFixed(1));
  // receipts that came after the send's answer (most): how long the fan-out took after the commit was answered
  figure(
    `fan-out ${label}: receipt after the send's answer p50 / p99 ms (${afterAnswer.length})`,
    `${percentile(afterAnswer, 50).toFixed(1)} / ${percentile(afterAnswer, 99).toFixed(1)}`,
  );
}

// ---- statements per request: a counting proxy in front of PostgreSQL --------------------------------------

/** Counts the statements (Query and Execute messages of the PostgreSQL wire protocol) clients send through. */
async function startCountingProxy(
  host: string,
  port: number,
): Promise<{ port: number; statements(): number; close(): void }> {
  let statements = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    let started = false;
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // untyped: SSL or GSS request (then the real start-up message), or the start-up message
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          if (code !== 80877103 && code !== 80877104) started = true;
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        const type = String.fromCharCode(pending[0]!);
        if (type === 'Q' || type === 'E') statements++;
        pending = pending.subarray(1 + length);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const s of [client, upstream]) s.on('error', () => (s === client ? upstream : client).destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    statements: () => statements,
    close: () => server.close(),
  };
}

async function roomPages(seeded: Seeded): Promise<void> {
  const room = seeded.rooms[0]!;
  const reader = seeded.users[room.members[0]!]!;
  const writer = seeded.users[room.members[1]!]!;
  await q(`insert into chat_messages (school_id, room_id, sender_id, body, created_at)
    select ${seeded.school}, ${room.id}, ${writer.id}, 'Nachricht ' || n, now() - (${HISTORY} - n) * interval '1 minute'
    from generate_series(1, ${HISTORY}) n`);
  await q(`update chat_rooms set last_message_at = now() where id = ${room.id}`);
  await q('analyze');
  const target = new URL(dbUrl);
  const proxy = await startCountingProxy(target.hostname, Number(target.port || 5432));
  target.hostname = '127.0.0.1';
  target.port = String(proxy.port);
  const proc = await startServer(target.toString(), false);
  try {
    const page = async (before?: number) => {
      const url = `${proc.base}/api/matrix/${room.id}/messages${before ? `?before=${before}` : ''}`;
      const s0 = proxy.statements();
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie: reader.cookie } });
      const body = (await res.json()) as { items: unknown[]; nextBefore: number | null };
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET messages: ${res.status} ${JSON.stringify(body)}`);
      return { ms, statements: proxy.statements() - s0, items: body.items.length, next: body.nextBefore };
    };
    for (let i = 0; i < 20; i++) await page(); // warm-up: caches, prepared plans
    const newest: number[] = [];
    const newestStatements: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await page();
      newest.push(r.ms);
      newestStatements.push(r.statements);
    }
    newest.sort((a, b) => a - b);
    newestStatements.sort((a, b) => a - b);
    figure('room of 10,000: newest page (50 messages) p50 ms', percentile(newest, 50).toFixed(1));
    figure('room of 10,000: newest page p99 ms', percentile(newest, 99).toFixed(1));
    figure('room of 10,000: SQL statements per newest-page request', percentile(newestStatements, 50));
    const back: number[] = [];
    const backStatements: number[] = [];
    let next = (await page()).next;
    let pages = 1;
    let last = 0;
    while (next !== null) {
      const r = await page(next);
      back.push(r.ms);
      backStatements.push(r.statements);
      next = r.next;
      last = r.ms;
      pages++;
    }
    back.sort((a, b) => a - b);
    backStatements.sort((a, b) => a - b);
    figure('room of 10,000: pages to the first message', pages);
    figure('room of 10,000: paging back by cursor p50 ms', percentile(back, 50).toFixed(1));
    figure('room of 10,000: paging back by cursor p99 ms', percentile(back, 99).toFixed(1));
    figure('room of 10,000: the oldest page ms', last.toFixed(1));
    figure(
      'room of 10,000: SQL statements per page back (min-max)',
      `${backStatements[0]}-${backStatements.at(-1)}`,
    );
    // what every signed-in request costs anyway, for comparison: GET /api/self
    const s0 = proxy.statements();
    for (let i = 0; i < 20; i++)
      await (await fetch(`${proc.base}/api/self`, { headers: { cookie: reader.cookie } })).arrayBuffer();
    figure('for comparison: SQL statements per GET /api/self', ((proxy.statements() - s0) / 20).toFixed(1));
  } finally {
    await stopServer(proc);
    proxy.close();
  }
}

// ---- run -------------------------------------------------------------------------------------------------

const procs: Proc[] = [];
try {
  const a = await startServer(dbUrl, true);
  procs.push(a);
  const seeded = await seed();
  console.log(`\nAula live events and chat (PostgreSQL; ${USERS} users, ${ROOMS} rooms)`);

  // (a) memory per 1,000 streams, (d) idle bytes
  await sleep(2000);
  const before = await a.memory();
  const clients = await openAll(
    seeded,
    () => a.base,
    () => undefined,
  );
  await sleep(2000);
  const after = await a.memory();
  figure('streams open on one process', clients.length);
  figure('RSS before / after MB', `${mb(before.rss)} / ${mb(after.rss)}`);
  figure('heap used before / after MB (after GC)', `${mb(before.heapUsed)} / ${mb(after.heapUsed)}`);
  figure('RSS per 1,000 streams MB', mb(((after.rss - before.rss) * 1000) / clients.length));
  figure('heap per 1,000 streams MB', mb(((after.heapUsed - before.heapUsed) * 1000) / clients.length));
  const bytes0 = clients.reduce((sum, c) => sum + c.bytesRead(), 0);
  const comments0 = clients.reduce((sum, c) => sum + c.comments, 0);
  const events0 = clients.reduce((sum, c) => sum + c.events, 0);
  await sleep(IDLE_S * 1000);
  const bytes1 = clients.reduce((sum, c) => sum + c.bytesRead(), 0);
  const perMinute = (n: number) => ((n / clients.length) * 60) / IDLE_S;
  figure(
    `idle: wire bytes per stream per minute (${IDLE_S} s measured)`,
    perMinute(bytes1 - bytes0).toFixed(1),
  );
  figure(
    'idle: heartbeats / events per stream per minute',
    `${perMinute(clients.reduce((s, c) => s + c.comments, 0) - comments0).toFixed(2)} / ${perMinute(
      clients.reduce((s, c) => s + c.events, 0) - events0,
    ).toFixed(2)}`,
  );
  for (const c of clients) c.close();
  await sleep(1000);

  // (b) fan-out, one process then two
  await fanOut('1 process', seeded, [a]);
  const b = await startServer(dbUrl, false);
  procs.push(b);
  await fanOut('2 processes', seeded, [a, b]);
  await stopServer(b);

  // (c) a room of 10,000 messages
  await roomPages(seeded);
} finally {
  for (const p of procs) await stopServer(p);
  await adminQuery(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
}

console.log(
  `\n(${MESSAGES} messages, one every ${SEND_INTERVAL_MS} ms; budgets: 20 MB per 1,000 streams, p99 200 ms / 300 ms)`,
);
