import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { errorLog, users } from './db/schema.ts';
import { z } from 'zod';
import {
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatRoomDetailsSchema,
  SaveAppResponseSchema,
} from '@aula/contracts';
import {
  answerAs,
  call,
  callAs,
  callError,
  errorOf,
  loginAs,
  setUpTestApp,
  userIds,
  type CallOptions,
  type CallResult,
} from './test/test-app.ts';

// Issue 16 item 5: bad input is a 400 (common.validation with issues), never a 500; enforced once, in the
// contracts' shared string, date, id and page schemas.

const cookies = new Map<string, string>();
let studentId = 0;
const NUL = '\u0000';

const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'admin', 'superadmin']) cookies.set(name, await loginAs(t.base, name));
  studentId = (await userIds(t)).get('student')!;
});

function expectValidation(res: CallResult<unknown>, path?: string) {
  expect(res.status, res.text).toBe(400);
  const { body } = errorOf(res);
  expect(body.code).toBe('common.validation');
  expect(body.issues?.length).toBeGreaterThan(0);
  if (path) expect(body.issues?.map((i) => i.path)).toContain(path);
}

const tileForm = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ color: 'sky-500', ...fields })) form.append(name, value);
  return form;
};

describe('NUL and other control characters in text fields', () => {
  it('POST /api/login (no sign-in needed): in the user name and in the password', async () => {
    expectValidation(
      await call(t.base, '/api/login', { body: { username: `stu${NUL}dent`, password: 'x' } }),
      'body.username',
    );
    expectValidation(
      await call(t.base, '/api/login', { body: { username: 'student', password: `pass${NUL}word` } }),
      'body.password',
    );
    // C1 controls and a line break in a one-line field are refused too
    expectValidation(
      await call(t.base, '/api/login', { body: { username: 'stu\u0085dent', password: 'x' } }),
    );
    expectValidation(await call(t.base, '/api/login', { body: { username: 'stu\ndent', password: 'x' } }));
  });

  it('PUT /api/v2/users/{id}: a name with a NUL byte', async () => {
    const res = await call(t.base, `/api/v2/users/${studentId}`, {
      method: 'PUT',
      cookie: cookies.get('admin'),
      body: { first_name: `Sa${NUL}ra` },
    });
    expectValidation(res, 'body.first_name');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, studentId));
    expect(row!.firstName).toBe('Sara');
  });

  it('a tile title in the multipart form of POST and PUT /api/apps', async () => {
    const created = await call(t.base, '/api/apps', {
      cookie: cookies.get('admin'),
      form: tileForm({ title: `Ti${NUL}tel`, url: 'https://example.org' }),
    });
    expectValidation(created, 'title');
    const ok = await callAs(SaveAppResponseSchema, t.base, '/api/apps', {
      cookie: cookies.get('admin'),
      form: tileForm({ title: 'Titel', url: 'https://example.org' }),
    });
    expect(ok.status, ok.text).toBe(201);
    const updated = await call(t.base, `/api/apps/${ok.body.bubble.id}`, {
      method: 'PUT',
      cookie: cookies.get('admin'),
      form: tileForm({ title: `Ti${NUL}tel`, url: 'https://example.org' }),
    });
    expectValidation(updated, 'title');
  });

  it('PUT /api/self/secondary-email', async () => {
    expectValidation(
      await call(t.base, '/api/self/secondary-email', {
        method: 'PUT',
        cookie: cookies.get('student'),
        body: { email: `sara${NUL}@example.org`, password: 'Test-Passwort-2026' },
      }),
      'body.email',
    );
  });

  it('multi-line texts keep their line breaks and tabs, and still refuse NUL', async () => {
    const admin = cookies.get('admin');
    const put = (de: string) =>
      call(t.base, '/api/config/key/imprint', { method: 'POST', cookie: admin, body: { de } });
    const ok = await put('Schule am See\n\tHauptstraße 1');
    expect(ok.status, ok.text).toBe(200);
    expectValidation(await put(`Schule${NUL}`));
  });

  it('a multipart body the parser cannot read (no boundary) is a 400, not a 500', async () => {
    const res = await call(t.base, '/api/apps', {
      cookie: cookies.get('admin'),
      rawBody: 'title=x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expectValidation(res, 'body');
  });

  it('the identity import refuses a cell with a control character as a row error', async () => {
    const res = await callError(t.base, '/api/cim/import?dryRun=true', {
      cookie: cookies.get('superadmin'),
      rawBody: `Nachname;Vorname;Klasse;Rolle\nMeier;Jo${NUL}nas;5a;S\n`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe('cim.row_errors');
    expect(res.body.issues).toContainEqual(expect.objectContaining({ code: 'control_character' }));
  });
});

describe('impossible dates, huge numbers and wrong types in queries', () => {
  const get = (path: string, who = 'superadmin') => call(t.base, path, { cookie: cookies.get(who) });

  it('GET /api/logs and /api/logs/full with days that do not exist', async () => {
    expectValidation(await get('/api/logs?from=2026-13-45'), 'querystring.from');
    expectValidation(await get('/api/logs/full?from=0000-00-00'), 'querystring.from');
    expectValidation(await get('/api/logs?to=2026-02-30'), 'querystring.to');
    expectValidation(await get('/api/logs?from=0001-01-01'), 'querystring.from');
    expect((await get('/api/logs?from=2024-02-29&to=2026-06-01')).status).toBe(200);
  });

  it('a message that starts on a day that does not exist, or in year 0', async () => {
    const post = (startsAt: string) =>
      call(t.base, '/api/messages/admin', {
        cookie: cookies.get('admin'),
        body: { type: 'normal', title: { de: 'Hallo' }, body: { de: 'Text' }, startsAt },
      });
    expectValidation(await post('2026-02-30T08:00:00+01:00'), 'body.startsAt');
    expectValidation(await post('0000-01-01T00:00:00Z'), 'body.startsAt');
  });

  it('ids, pages and page sizes beyond what the database holds, and numbers that are not numbers', async () => {
    expectValidation(await get('/api/v2/users?page=99999999999'), 'querystring.page');
    expectValidation(await get('/api/v2/users?group=99999999999'), 'querystring.group');
    expectValidation(await get('/api/groups?account=99999999999'), 'querystring.account');
    expectValidation(await get('/api/mail/outbox?page=1e20'), 'querystring.page');
    expectValidation(await get('/api/logs?perPage=abc'), 'querystring.perPage');
    expectValidation(await get('/api/v2/users/99999999999', 'admin'), 'params.id');
    expectValidation(await get('/api/groups/-1'), 'params.group');
    expectValidation(
      await call(t.base, '/api/nameinfo', { cookie: cookies.get('admin'), body: { ids: [3_000_000_000] } }),
    );
    expectValidation(
      await call(t.base, '/api/nameinfo', { cookie: cookies.get('admin'), body: { ids: ['1'] } }),
    );
  });

  it('none of the above reached the error log of unexpected errors', async () => {
    const [row] = await t.database.db.select({ n: count() }).from(errorLog);
    expect(row!.n).toBe(0);
  });
});

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
};

/** Paths of string fields in a schema that would take a NUL byte. */
/** The part of the OpenAPI document the walk reads: per path and method the parameters and the JSON body. */
const OpenApiPathsSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        parameters: z
          .array(z.object({ in: z.string(), name: z.string(), schema: z.custom<JsonSchema>().optional() }))
          .optional(),
        requestBody: z
          .object({ content: z.record(z.string(), z.object({ schema: z.custom<JsonSchema>().optional() })) })
          .optional(),
      }),
    ),
  ),
});

function acceptsNul(schema: JsonSchema | undefined, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    found.push(...acceptsNul(sub, path));
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    found.push(...acceptsNul(sub, `${path}.${name}`));
  if (typeof schema.additionalProperties === 'object')
    found.push(...acceptsNul(schema.additionalProperties, `${path}.*`));
  if (schema.items) found.push(...acceptsNul(schema.items, `${path}[]`));
  const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (isString && schema.enum === undefined && schema.const === undefined) {
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter(
      (p): p is string => typeof p === 'string',
    );
    if (!patterns.some((p) => !new RegExp(p, 'u').test(`a${NUL}b`))) found.push(path);
  }
  return found;
}

describe('every text a route takes refuses control characters (the contracts use text(), never a bare string)', () => {
  it('walks the OpenAPI document: parameters and JSON bodies of every operation', async () => {
    const doc = (await callAs(OpenApiPathsSchema, t.base, '/api/openapi.json')).body;
    const open: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations += 1;
        for (const p of op.parameters ?? [])
          open.push(...acceptsNul(p.schema, `${method} ${path} ${p.in}.${p.name}`));
        const body = op.requestBody?.content?.['application/json']?.schema;
        open.push(...acceptsNul(body, `${method} ${path} body`));
      }
    }
    expect(operations).toBeGreaterThan(60);
    expect(open).toEqual([]);
  });

  it('the canary: a bare string is found by the walk', () => {
    expect(acceptsNul({ type: 'object', properties: { name: { type: 'string' } } }, 'canary')).toEqual([
      'canary.name',
    ]);
    expect(acceptsNul({ type: 'string', allOf: [{ pattern: '^[^\\u0000-\\u001F]*$' }] }, 'safe')).toEqual([]);
  });
});

describe('the chat (decisions 070, 072): bad input changes nothing', () => {
  const chat = (path: string, opts: CallOptions = {}) =>
    call(t.base, path, { cookie: cookies.get('admin'), ...opts });

  it('NUL in a room name, a message, an edit, a report and an upload’s text; ids and cursors out of range', async () => {
    expectValidation(await chat('/api/matrix/room', { body: { name: `Ra${NUL}um` } }), 'body.name');
    const room = answerAs(
      ChatRoomDetailsSchema,
      await chat('/api/matrix/room', { body: { name: 'Eingabeprobe' } }),
    );
    expect(room.status, room.text).toBe(201);
    const roomId = room.body.id;
    const send = (body: unknown) => chat(`/api/matrix/${roomId}/messages`, { body });
    expectValidation(await send({ body: `Hal${NUL}lo`, clientId: 'probe-nul-1' }), 'body.body');
    expectValidation(await send({ body: 'Hallo', clientId: 'a b c d e f' }), 'body.clientId');
    const ok = answerAs(
      ChatMessageSchema,
      await send({ body: 'Hallo\n\tzweite Zeile', clientId: 'probe-ok-1' }),
    );
    expect(ok.status, ok.text).toBe(201);
    const messageId = ok.body.id;
    expectValidation(
      await chat(`/api/matrix/${roomId}/messages/${messageId}`, { method: 'PUT', body: { body: `x${NUL}` } }),
      'body.body',
    );
    expectValidation(
      await chat(`/api/matrix/${roomId}/messages/${messageId}/report`, { body: { reason: `r${NUL}` } }),
      'body.reason',
    );
    const form = new FormData();
    form.set('clientId', 'probe-upload-nul');
    form.set('body', `Bild${NUL}`);
    form.set('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'a.pdf');
    expectValidation(await chat(`/api/matrix/${roomId}/upload`, { form }), 'body');
    expectValidation(await chat('/api/matrix/99999999999'), 'params.roomId');
    expectValidation(await chat(`/api/matrix/${roomId}/messages?before=abc`), 'querystring.before');
    expectValidation(await chat(`/api/matrix/${roomId}/messages?limit=1000`), 'querystring.limit');
    expectValidation(await chat('/api/matrix/people?q=' + encodeURIComponent(`a${NUL}`)), 'querystring.q');
    expectValidation(await chat('/api/matrix/room/addUsers', { body: { roomId, userIds: [3_000_000_000] } }));
    // nothing of it landed: the one good message is the room's only one, unedited
    const page = answerAs(ChatMessagePageSchema, await chat(`/api/matrix/${roomId}/messages`));
    expect(page.body.items.map((m) => [m.body, m.editedAt])).toEqual([['Hallo\n\tzweite Zeile', null]]);
  });
});

describe('the OpenAPI document declares what the routes answer (what schemathesis checks)', () => {
  it('every /api operation declares the error bodies, and a 204 or 304 has no body', async () => {
    const doc = (await call(t.base, '/api/openapi.json')).body as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1\./);
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const status of ['400', '401', '403', '404', '413', '415', '418', '429', '503']) {
          // a route may declare its own body for a status (GET /api/health answers 503 with its health)
          if (!op.responses[status]?.content) missing.push(`${method} ${path} ${status}`);
        }
        for (const status of ['204', '304'])
          if (op.responses[status]?.content) missing.push(`${method} ${path} ${status} has a body`);
      }
    }
    expect(missing).toEqual([]);
  });
});
