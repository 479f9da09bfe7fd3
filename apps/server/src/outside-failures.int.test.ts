import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { chatMessages, files } from './db/schema.ts';
import { failFileStore } from './test/file-store-failure.ts';
import { startOidcProvider } from './test/oidc-provider.ts';
import { ChatRoomDetailsSchema, RoomDetailsSchema, type ErrorBody } from '@aula/contracts';
import {
  answerAs,
  call,
  demoSchoolId,
  errorOf,
  loginAs,
  setUpTestApp,
  type CallResult,
} from './test/test-app.ts';

// Decision 078: a failure of a system outside Aula (the school's identity provider, BigBlueButton, the file
// store) is never answered 502 or 503. The web app reads a 502 as "Aula is down" and a 503 as "offline"
// (spec 4.4, 8), and the user would be taken off the page they were working on. Each case makes the outside
// system fail for real and checks the answer: its own status and code, never 502 or 503.

const t = setUpTestApp();
const cookies = new Map<string, string>();
const as = (actor: string | null, path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let closeProvider: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  for (const name of ['admin', 'teacher', 'student']) cookies.set(name, await loginAs(t.base, name));
  // an identity provider the school configured, then switched off: its port is closed
  const op = await startOidcProvider({ redirectUris: [`${t.base}/oidc/callback`], accounts: [] });
  closeProvider = () => op.close();
  const oidc = await as('admin', '/api/config/oidc', {
    method: 'PUT',
    body: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      label: 'Schulportal',
      linkClaim: 'email',
      linkField: 'email',
      createUsers: false,
      scopes: 'email',
    },
  });
  expect(oidc.status, oidc.text).toBe(200);
  const on = await as('admin', '/api/config/key/enable_moin_auth', { body: { value: 'true' } });
  expect(on.status).toBe(200);
  await op.close();
  // a video server at an address where nothing answers
  const bbb = await as('admin', '/api/config/bbb', {
    method: 'PUT',
    body: {
      settings: {
        url: `http://127.0.0.1:${await closedPort()}/bigbluebutton/api`,
        checksumAlgorithm: 'sha256',
        allowInternal: true,
      },
      secret: 'secret',
    },
  });
  expect(bbb.status, bbb.text).toBe(200);
});
afterAll(() => closeProvider());

/** A PNG of 1 × 1 pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function uploadForm(clientId: string) {
  const form = new FormData();
  form.set('clientId', clientId);
  form.set('body', 'Das Arbeitsblatt');
  form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'blatt.png');
  return form;
}

interface OutsideFailure {
  system: string;
  /** makes the call while the outside system fails */
  answer: () => Promise<CallResult<ErrorBody>>;
  status: number;
  code: string;
}

const CASES: OutsideFailure[] = [
  {
    system: 'identity provider (OpenID Connect), starting a sign-in',
    answer: async () => errorOf(await as(null, '/api/login/oidc', { body: {} })),
    status: 504,
    code: 'sso.provider_unreachable',
  },
  {
    system: 'BigBlueButton, joining a room',
    answer: async () => {
      const room = answerAs(
        RoomDetailsSchema,
        await as('teacher', '/api/bbb', { body: { name: `Raum ${Math.random()}` } }),
      );
      expect(room.status, room.text).toBe(201);
      return errorOf(
        await as('teacher', `/api/bbb/${room.body.id}/join`, { headers: { 'x-aula-csrf': '1' } }),
      );
    },
    status: 504,
    code: 'bbb.server_error',
  },
  {
    system: 'the file store, a chat upload',
    answer: async () => {
      const room = answerAs(
        ChatRoomDetailsSchema,
        await as('teacher', '/api/matrix/room', { body: { name: `Raum ${Math.random()}` } }),
      );
      expect(room.status, room.text).toBe(201);
      const restore = await failFileStore(t.database);
      try {
        return errorOf(
          await as('teacher', `/api/matrix/${room.body.id}/upload`, {
            form: uploadForm(`client-${Math.random().toString(36).slice(2)}`),
          }),
        );
      } finally {
        await restore();
      }
    },
    status: 507,
    code: 'chat.upload_failed',
  },
];

describe('a failure of an outside system is never 502 or 503 (decision 078)', () => {
  it.each(CASES)('$system: $status $code', async ({ answer, status, code }) => {
    const res = await answer();
    expect([502, 503]).not.toContain(res.status);
    expect(res.status, res.text).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('the failed chat upload keeps nothing: no file, no message; the same upload lands once the store works', async () => {
    const room = answerAs(
      ChatRoomDetailsSchema,
      await as('teacher', '/api/matrix/room', { body: { name: `Raum ${Math.random()}` } }),
    );
    const schoolId = await demoSchoolId(t);
    const count = async () => {
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.schoolId, schoolId));
      return row!.n;
    };
    const before = await count();
    const restore = await failFileStore(t.database);
    const clientId = 'client-retry-after-store-failure';
    const failed = await as('teacher', `/api/matrix/${room.body.id}/upload`, { form: uploadForm(clientId) });
    await restore();
    expect(failed.status).toBe(507);
    expect(await count()).toBe(before);
    const messages = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.body.id));
    expect(messages).toEqual([]);
    // the web app's retry sends the same clientId: it lands once
    const retried = await as('teacher', `/api/matrix/${room.body.id}/upload`, { form: uploadForm(clientId) });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body).toMatchObject({ body: 'Das Arbeitsblatt', file: { mime: 'image/png' } });
    expect(await count()).toBe(before + 1);
  });

  it('the OpenAPI document declares no 502 on any route, and 503 only as the database outage', async () => {
    const doc = (await call(t.base, '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const found: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        if (op.responses['502']) found.push(`${method} ${path} 502`);
        for (const status of Object.keys(op.responses))
          if (/^5\d\d$/.test(status) && !['500', '503', '504', '507'].includes(status))
            found.push(`${method} ${path} ${status}`);
      }
    expect(found).toEqual([]);
    // the routes that reach an outside system declare its answer
    expect(Object.keys(doc.paths['/api/login/oidc']!.post!.responses)).toContain('504');
    expect(Object.keys(doc.paths['/api/apps/moin/callback']!.post!.responses)).toContain('504');
    expect(Object.keys(doc.paths['/api/matrix/{roomId}/upload']!.post!.responses)).toContain('507');
  });
});
