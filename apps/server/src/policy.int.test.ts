import { beforeAll, describe, expect, it } from 'vitest';
import { hasRole, isErrorBody, LayoutResponseSchema, SessionResultSchema, type Role } from '@aula/contracts';
import { and, eq } from 'drizzle-orm';
import {
  apps,
  auditLog,
  bbbRooms,
  cameraPictures,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  sickNotices,
  users,
} from './db/schema.ts';
import { makeSchool, makeSetting, makeTile, makeUser } from './test/factories.ts';
import { phonePhoto } from './test/photos.ts';
import { POLICY, policyFor } from './policy.ts';
import { call, callAs, cookiesFrom, DEMO_PASSWORD, errorOf, loginAs, setUpTestApp } from './test/test-app.ts';
import { multipart } from './test/multipart.ts';

const OTHER_HOST = 'other-school.test';
let ownAppId = 0;
let otherAppId = 0;
// routes on users (/api/users/:id/…): a student every caller of the route may manage, and a user at the other school
let managedUserId = 0;
let otherUserId = 0;
// routes on sick notices (/api/sick/:id…): a notice of the other school
let otherSickId = 0;
// and one of student2 (class 5a) in the demo school, which every caller of the route may process
let ownSickId = 0;
// routes on video rooms (/api/bbb/:id…): a room of the other school
let otherRoomId = 0;
// routes on chat rooms (/api/matrix/:roomId…, /api/matrix/file/:messageId): a room of the other school with a
// message; each room's message by the room's id
let otherChatRoomId = 0;
const chatMessageOf = new Map<number, number>();
// a phone photo for the camera's upload probe
let photo: Buffer = Buffer.alloc(0);

const CALLERS: { name: string; username?: string; role: Role }[] = [
  { name: 'visitor', role: 'logged_out' },
  { name: 'student', username: 'student', role: 'student' },
  { name: 'teacher', username: 'teacher', role: 'teacher' },
  { name: 'admin', username: 'admin', role: 'admin' },
  { name: 'superadmin', username: 'superadmin', role: 'superadmin' },
];
const ROLE_SUBJECT: Record<string, { roles: string[]; type: string } | null> = {
  visitor: null,
  student: { roles: [], type: 'S' },
  teacher: { roles: [], type: 'L' },
  admin: { roles: ['admin'], type: 'L' },
  superadmin: { roles: ['superadmin'], type: 'L' },
};

const t = setUpTestApp();
beforeAll(async () => {
  // A second school on its own host name, with a user and a tile for everyone
  const db = t.database.db;
  const other = await makeSchool(t, { slug: 'other', name: 'Andere Schule', host: OTHER_HOST });
  otherUserId = (await makeUser(t, { schoolId: other.id, username: 'student', laraId: 'other-student' })).id;
  // student2 is in the teacher's class 5a: teachers, admins and superadmins may all manage them
  const [managed] = await db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, 'student2'));
  managedUserId = managed!.id;
  otherAppId = (
    await makeTile(t, {
      schoolId: other.id,
      title: 'Fremde App',
      url: 'https://other.example',
      color: 'red-500',
      layouts: ['logged-out'],
    })
  ).id;
  ownAppId = (await callAs(LayoutResponseSchema, t.base, '/api/layout')).body.layout[0]!.id;
  const [notice] = await db
    .insert(sickNotices)
    .values({ schoolId: other.id, userId: otherUserId, begins: '2026-01-05', ends: '2026-01-06' })
    .returning({ id: sickNotices.id });
  otherSickId = notice!.id;
  const [own] = await db
    .insert(sickNotices)
    .values({ schoolId: managed!.schoolId, userId: managedUserId, begins: '2026-01-05', ends: '2026-01-06' })
    .returning({ id: sickNotices.id });
  ownSickId = own!.id;
  photo = await phonePhoto(64, 48);
  otherRoomId = await insertRoom(other.id, otherUserId);
  otherChatRoomId = await insertChatRoom(other.id, otherUserId);
  // pupils may create rooms here, so every role the table lets in gets past the room permission
  await makeSetting(t, 'students_create_rooms', 'true');
});

let roomCounter = 0;
/** A video room straight into the database (the walk probes access, not creation). */
async function insertRoom(schoolId: number, ownerId: number): Promise<number> {
  const n = ++roomCounter;
  const [row] = await t.database.db
    .insert(bbbRooms)
    .values({
      schoolId,
      ownerId,
      name: `Probe ${n}`,
      code: `prb-bea-${'abcdefghjkmnpqrstuvwxyz'[n % 23]}${'abcdefghjkmnpqrstuvwxyz'[Math.floor(n / 23) % 23]}2`,
      meetingId: `policy-probe-${n}`,
      attendeePw: 'a',
      moderatorPw: 'm',
    })
    .returning({ id: bbbRooms.id });
  return row!.id;
}

/** A fresh room this user owns: what a caller reads, changes, joins or deletes by id is their own room. */
async function ownRoom(username: string): Promise<number> {
  const [user] = await t.database.db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, username));
  return insertRoom(user!.schoolId, user!.id);
}

/** A chat room straight into the database, its owner a member and moderator, with one message of theirs. */
async function insertChatRoom(schoolId: number, ownerId: number): Promise<number> {
  const db = t.database.db;
  const [room] = await db
    .insert(chatRooms)
    .values({ schoolId, kind: 'group', name: `Probe ${++roomCounter}`, ownerId })
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomMembers).values({ roomId: room!.id, userId: ownerId, moderator: true });
  const [message] = await db
    .insert(chatMessages)
    .values({
      schoolId,
      roomId: room!.id,
      senderId: ownerId,
      body: 'Probe',
      clientId: `probe-${roomCounter}-0`,
    })
    .returning({ id: chatMessages.id });
  chatMessageOf.set(room!.id, message!.id);
  return room!.id;
}

/** A fresh chat room of this user: what a caller reads, writes or deletes in a room is in their own room. */
async function ownChatRoom(username: string): Promise<number> {
  const [user] = await t.database.db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, username));
  return insertChatRoom(user!.schoolId, user!.id);
}

/** The route's address with `:id` and `:laraId` filled in (the laraId of a user the caller can reach, or a foreign one). */
const fill = (url: string, id: number, laraId = 'demo-student') =>
  url
    .replace(':id', String(id))
    .replace(':laraId', laraId)
    .replace(':roomId', String(id))
    // a chat route's message: the one in the room of that id (the file route names the message only)
    .replace(':messageId', String(chatMessageOf.get(id) ?? id))
    .replace('*', 'index.html');
const hasObjectParam = (url: string) =>
  url.includes(':id') || url.includes(':laraId') || url.includes(':roomId') || url.includes(':messageId');
const isUserRoute = (url: string) =>
  url.startsWith('/api/users/') || url.startsWith('/api/v2/users/') || url.startsWith('/api/student/');
const isSickRoute = (url: string) => url.startsWith('/api/sick/');
const isRoomRoute = (url: string) => url.startsWith('/api/bbb/:id');
const isChatRoute = (url: string) => url.startsWith('/api/matrix/');
const isChatObjectRoute = (url: string) => url.includes(':roomId') || url.includes(':messageId');
// the event stream never ends by itself: events.int.test.ts walks its roles (401 for visitors, a stream for
// everyone signed in) with a reader that stops
const isApiRoute = (url: string) => !url.startsWith('/api/docs') && url !== '/api/events';

function photoForm(): FormData {
  return multipart({}, { photo: { data: photo, name: 'photo.jpg', type: 'image/jpeg' } });
}

function tileForm(): FormData {
  return multipart({ title: 'Probe', url: 'example.org', color: 'sky-500' });
}

function chatUploadForm(): FormData {
  return multipart(
    { clientId: `probe-upload-${Math.random().toString(36).slice(2, 10)}` },
    { file: { data: photo, name: 'photo.jpg', type: 'image/jpeg' } },
  );
}

function sickForm(): FormData {
  const form = new FormData();
  form.append('message', 'Probe');
  return form;
}

/** A request each route accepts, so an allowed role gets past validation to the access rules. */
const PROBES: Record<
  string,
  (id: number) => { body?: unknown; form?: FormData; headers?: Record<string, string> }
> = {
  // unblocking a student who is not blocked changes nothing, and reaches the access rules
  'POST /api/users/:id/block': () => ({ body: { blocked: false } }),
  'POST /api/users/impersonate/:id': () => ({ body: { reason: 'Policy walk probe' } }),
  'POST /api/apps': () => ({ form: tileForm() }),
  'PUT /api/apps/:id': () => ({ form: tileForm() }),
  'POST /api/apps/:id/translation': (id) => ({ body: { id, en: 'Probe' } }),
  'PUT /api/messages/admin/:id': () => ({ body: { type: 'normal', title: { de: 'Probe' }, body: {} } }),
  // a notice without dates: past the access rules to the date rule (422), nothing stored
  'POST /api/sick': () => ({ form: sickForm() }),
  'PATCH /api/sick/:id': () => ({ body: { processed: true } }),
  'POST /api/camera/:laraId': () => ({ form: photoForm() }),
  'POST /api/bbb': () => ({ body: { name: 'Probe' } }),
  'PATCH /api/bbb/:id': () => ({ body: { name: 'Probe' } }),
  // the join may start a meeting: it needs the custom header, as the web app sends it (decision 067)
  'GET /api/bbb/:id/join': () => ({ headers: { 'x-aula-csrf': '1' } }),
  // the chat (decisions 070, 072): routes with the room in the body get the caller's own room too
  'POST /api/matrix/login': () => ({ body: { deviceId: 'probe1234' } }),
  'POST /api/matrix/room': () => ({ body: { name: 'Probe' } }),
  'POST /api/matrix/privateroom': () => ({ body: { userId: managedUserId } }),
  'POST /api/matrix/room/addUsers': (id) => ({ body: { roomId: id, userIds: [] } }),
  'POST /api/matrix/room/removeUsers': (id) => ({ body: { roomId: id, userIds: [] } }),
  'POST /api/matrix/room/delete': (id) => ({ body: { roomId: id } }),
  'POST /api/matrix/message/delete': (id) => ({ body: { roomId: id, messageId: chatMessageOf.get(id) } }),
  'PATCH /api/matrix/:roomId': () => ({ body: { name: 'Probe' } }),
  'POST /api/matrix/:roomId/config': () => ({ body: { announcements: false, uploads: true } }),
  'POST /api/matrix/:roomId/messages': (id) => ({ body: { body: 'Probe', clientId: `probe-${id}-send` } }),
  'POST /api/matrix/:roomId/upload': () => ({ form: chatUploadForm() }),
  'PUT /api/matrix/:roomId/messages/:messageId': () => ({ body: { body: 'Probe' } }),
  'POST /api/matrix/:roomId/seen': (id) => ({ body: { messageId: chatMessageOf.get(id) } }),
  'POST /api/matrix/:roomId/messages/:messageId/report': () => ({ body: { reason: 'Probe' } }),
};
const probe = (route: { method: string; url: string }, id: number) =>
  PROBES[`${route.method} ${route.url}`]?.(id) ?? { body: route.method === 'GET' ? undefined : {} };

/** A fresh private tile of this user: what a caller changes by id is their own tile. */
async function ownTile(username: string): Promise<number> {
  const db = t.database.db;
  const [user] = await db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, username));
  const tile = await makeTile(t, {
    schoolId: user!.schoolId,
    title: `Probe of ${username}`,
    wantedPerms: 'private',
    creatorId: user!.id,
  });
  return tile.id;
}

describe('the policy table', () => {
  it('has a row for every registered route and no row without a route', () => {
    const registered = new Set(
      t.app.apiRoutes.map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`),
    );
    for (const r of t.app.apiRoutes) expect(policyFor(r.method, r.url), `${r.method} ${r.url}`).toBeDefined();
    for (const key of Object.keys(POLICY)) {
      const covered = key.endsWith('/*')
        ? [...registered].some((k) => k.startsWith(key.slice(0, -1)))
        : registered.has(key);
      expect(covered, `stale policy row ${key}`).toBe(true);
    }
  });

  // one test per role: the walk makes some 90 calls per role, and all five in one test came near its timeout
  it.each(CALLERS.map((c) => [c.name, c] as const))(
    'every route as %s: no 2xx where the table does not allow the role, no 5xx where it does',
    async (_name, caller) => {
      // a session of its own: the walk ends with the routes that end or rotate it
      const cookie = caller.username ? await loginAs(t.base, caller.username) : undefined;
      // routes that end or rotate the caller's session go last, so every other call sees a live session
      const endsSession = (url: string) => url === '/api/logout' || url === '/api/login/refresh';
      const routes = t.app.apiRoutes
        .filter((r) => r.method !== 'HEAD' && isApiRoute(r.url))
        .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
      expect(routes.length).toBeGreaterThanOrEqual(10);
      for (const route of routes) {
        // reads probe a tile on the logged-out layout; changes the caller's own tile; user routes a managed student
        const id = isUserRoute(route.url)
          ? managedUserId
          : isSickRoute(route.url)
            ? ownSickId
            : isRoomRoute(route.url)
              ? await ownRoom(caller.username ?? 'admin')
              : isChatRoute(route.url)
                ? await ownChatRoom(caller.username ?? 'admin')
                : route.method === 'GET' || !route.url.includes(':id')
                  ? ownAppId
                  : await ownTile(caller.username ?? 'admin');
        // camera routes by laraId: the caller's own pictures (everyone may see their own)
        const res = await call(t.base, fill(route.url, id, `demo-${caller.username ?? 'student'}`), {
          method: route.method,
          cookie,
          ...probe(route, id),
        });
        const label = `${caller.name} ${route.method} ${route.url} -> ${res.status}`;
        const allowed =
          route.policy.access === 'public' || hasRole(ROLE_SUBJECT[caller.name], route.policy.access);
        if (!allowed) expect([401, 403], label).toContain(res.status);
        else {
          expect(res.status, label).toBeLessThan(500);
          if (route.policy.access !== 'public') expect([401, 403], label).not.toContain(res.status);
        }
      }
    },
  );

  it("no role reaches another school's objects by id", async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && hasObjectParam(r.url));
    expect(routes.length).toBeGreaterThan(0);
    const fresh = await loginAs(t.base, 'superadmin');
    for (const route of routes) {
      const foreignId = isUserRoute(route.url)
        ? otherUserId
        : isSickRoute(route.url)
          ? otherSickId
          : isRoomRoute(route.url)
            ? otherRoomId
            : isChatObjectRoute(route.url)
              ? otherChatRoomId
              : otherAppId;
      for (const cookie of [undefined, fresh]) {
        const res = await call(t.base, fill(route.url, foreignId, 'other-student'), {
          method: route.method,
          cookie,
          ...probe(route, foreignId),
        });
        // visitors are turned away before any object is looked up where the route needs a session
        const expected = cookie === undefined && route.policy.access !== 'public' ? 401 : 404;
        expect(res.status, `${route.method} ${route.url}`).toBe(expected);
      }
    }
  });

  it('object walk: a private tile by id answers only its creator, for every route and role', async () => {
    const [notes] = await t.database.db
      .select({ id: apps.id })
      .from(apps)
      .where(eq(apps.title, 'Meine Notizen'));
    const privateId = notes!.id;
    const routes = t.app.apiRoutes.filter((r) => r.method === 'GET' && r.url === '/api/apps/:id');
    expect(routes).toHaveLength(1);
    for (const caller of CALLERS) {
      const cookie = caller.username ? await loginAs(t.base, caller.username) : undefined;
      const res = await call(t.base, fill('/api/apps/:id', privateId), { cookie });
      expect(res.status, caller.name).toBe(caller.username === 'teacher' ? 200 : 404);
    }
  });

  it("a session of one school is worth nothing at another school's host", async () => {
    const cookie = await loginAs(t.base, 'student');
    const res = await call(t.base, '/api/self', { cookie, headers: { host: OTHER_HOST } });
    expect(res.status).toBe(401);
    const layout = await callAs(LayoutResponseSchema, t.base, '/api/layout', {
      headers: { host: OTHER_HOST },
    });
    expect(layout.body.layout.map((b) => b.title)).toEqual(['Fremde App']);
  });

  it('the same user name at the other school signs in there only', async () => {
    const there = await callAs(SessionResultSchema, t.base, '/api/login', {
      body: { username: 'student', password: DEMO_PASSWORD },
      headers: { host: OTHER_HOST },
    });
    expect(there.status).toBe(200);
    expect(there.body.user.lara_id).toBe('other-student');
  });
});

/** A user of the demo school (the school of student2) by name: the other school has a "student" too. */
async function demoUserId(username: string): Promise<number> {
  const db = t.database.db;
  const [managed] = await db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.id, managedUserId));
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, managed!.schoolId), eq(users.username, username)));
  return user!.id;
}

/** The table's rows, to see that a refused call stored nothing. */
async function counts() {
  const db = t.database.db;
  return {
    chatMessages: await db.$count(chatMessages),
    sickNotices: await db.$count(sickNotices),
    cameraPictures: await db.$count(cameraPictures),
    bbbRooms: await db.$count(bbbRooms),
    chatRooms: await db.$count(chatRooms),
  };
}

// decision 081: impersonation is for looking; what others would see as the user's own words or acts is refused
describe('impersonation is read-only for the user’s own acts (decision 081)', () => {
  /** Who is impersonated for a route: a user the route lets in (superadmins are never impersonated). */
  const subjectFor = (access: string) =>
    access === 'admin' ? 'admin' : access === 'teacher' ? 'teacher' : 'student';

  async function impersonate(username: string): Promise<string> {
    const id = await demoUserId(username);
    const res = await call(t.base, `/api/users/impersonate/${id}`, {
      cookie: await loginAs(t.base, 'superadmin'),
      body: { reason: 'Walk of the read-only rule' },
    });
    expect(res.status, res.text).toBe(200);
    return cookiesFrom(res);
  }

  const flagged = () =>
    t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && r.policy.whileImpersonating === 'refused');

  async function idFor(route: { method: string; url: string }, username: string): Promise<number> {
    return isUserRoute(route.url)
      ? managedUserId
      : isSickRoute(route.url)
        ? ownSickId
        : isRoomRoute(route.url)
          ? await ownRoom(username)
          : isChatRoute(route.url)
            ? await ownChatRoom(username)
            : route.url.includes(':id')
              ? ownAppId
              : 0;
  }

  it('every flagged route is refused with 403 auth.not_while_impersonating, and nothing is stored', async () => {
    const routes = flagged();
    // the canary: the areas the issue names are all in the walk
    for (const key of [
      'POST /api/matrix/:roomId/messages',
      'POST /api/matrix/:roomId/upload',
      'PUT /api/matrix/:roomId/messages/:messageId',
      'POST /api/matrix/message/delete',
      'POST /api/matrix/:roomId/seen',
      'POST /api/matrix/:roomId/messages/:messageId/report',
      'POST /api/sick',
      'POST /api/camera/:laraId',
      'DELETE /api/camera/pictures/:id',
      'GET /api/bbb/:id/join',
      'POST /api/bbb',
    ])
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(key);
    const sessions = new Map<string, string>();
    for (const route of routes) {
      const username = subjectFor(route.policy.access);
      if (!sessions.has(username)) sessions.set(username, await impersonate(username));
      const id = await idFor(route, username);
      const before = await counts();
      const res = await call(t.base, fill(route.url, id, `demo-${username}`), {
        method: route.method,
        cookie: sessions.get(username),
        ...probe(route, id),
      });
      const label = `impersonating ${username}: ${route.method} ${route.url} -> ${res.status} ${res.text}`;
      expect(res.status, label).toBe(403);
      expect(errorOf(res, label).body.code, label).toBe('auth.not_while_impersonating');
      expect(await counts(), label).toEqual(before);
    }
  });

  it('the same routes pass the rule for the user themself', async () => {
    for (const route of flagged()) {
      const username = subjectFor(route.policy.access);
      // a session of its own per route: some of these (reauth, a password change) touch the session
      const cookie = await loginAs(t.base, username);
      const id = await idFor(route, username);
      const res = await call(t.base, fill(route.url, id, `demo-${username}`), {
        method: route.method,
        cookie,
        ...probe(route, id),
      });
      const label = `${username}: ${route.method} ${route.url} -> ${res.status} ${res.text}`;
      expect(res.status, label).toBeLessThan(500);
      expect(isErrorBody(res.body) ? res.body.code : undefined, label).not.toBe(
        'auth.not_while_impersonating',
      );
    }
  });

  it('the user’s own acts go through for the user and are refused to the superadmin acting as them', async () => {
    const own = await loginAs(t.base, 'student');
    const acting = await impersonate('student');
    const studentId = await demoUserId('student');
    const [student] = await t.database.db
      .select({ schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, studentId));
    const room = await insertChatRoom(student!.schoolId, studentId);
    // the school's today (Europe/Berlin), not UTC's: after 23:00 UTC they differ
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(t.clock.now());
    const send = (cookie: string, clientId: string) =>
      call(t.base, `/api/matrix/${room}/messages`, { cookie, body: { body: 'Hallo Klasse', clientId } });
    const file = (cookie: string) => {
      const form = new FormData();
      form.append('begin', today);
      form.append('end', today);
      form.append('message', 'Erkältet');
      return call(t.base, '/api/sick', { cookie, form });
    };
    const snap = (cookie: string) => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return call(t.base, '/api/camera/demo-student', { cookie, form });
    };
    expect((await send(acting, 'impersonated-1')).status).toBe(403);
    expect((await send(own, 'own-message-1')).status).toBe(201);
    const filed = await file(acting);
    expect(filed.status, filed.text).toBe(403);
    const ownFiled = await file(own);
    expect(ownFiled.status, ownFiled.text).toBe(201);
    expect((await snap(acting)).status).toBe(403);
    const ownSnap = await snap(own);
    expect(ownSnap.status, ownSnap.text).toBe(201);
    // reads stay open to the superadmin looking at the pupil's page
    expect((await call(t.base, `/api/matrix/${room}/messages`, { cookie: acting })).status).toBe(200);
    expect((await call(t.base, '/api/sick', { cookie: acting })).status).toBe(200);
    expect((await call(t.base, '/api/camera/demo-student', { cookie: acting })).status).toBe(200);
    // a refused call is no write: no impersonation.write entry for it
    const writes = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'impersonation.write'));
    expect(
      writes.filter((w) => String((w.details as { route?: string }).route).includes('/messages')),
    ).toEqual([]);
  });
});
