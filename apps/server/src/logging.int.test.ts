import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { errorLog, mailOutbox } from './db/schema.ts';
import { settleBackgroundTasks } from './modules/mail/mail.service.ts';
import { totpCodeAt } from './lib/totp-codes.ts';
import { RoomDetailsSchema, TotpSetupSchema, UserInfoSchema } from '@aula/contracts';
import {
  answerAs,
  call,
  cookiesFrom,
  DEMO_PASSWORD,
  setUpTestApp,
  type CallOptions,
} from './test/test-app.ts';
import { makeUser, uniqueName } from './test/factories.ts';

// Canary values (SECURITY.md "Privacy": no secret ever reaches a log): none may appear in any log line.
const CANARY = {
  password: 'Kanarienvogel-Passwort-7f3a9c2e',
  wrongPassword: 'Kanarien-Falsch-0b8d41',
  wrongUsername: 'kanarien-nutzer-5e21aa',
  resetUsername: 'kanarien-reset-c94f07',
  newPassword: 'Kanarien-Neu-Passwort-1d77e3',
  changedPassword: 'Kanarien-Geaendert-93b6f0',
  reason: 'Kanarien-Grund-48a2d9',
  nulPassword: 'Kanarien-NUL-Passwort-6c01f2',
  checkPassword: 'Kanarien-Check-Passwort-e5a7b3',
  tokenUserPassword: 'Kanarien-Meise-Passwort-2f9d60',
  // an authorization code or a SAML message in a query string (the /oidc/callback page, the SLO endpoint)
  queryCode: 'Kanarien-Code-im-Query-8a1c57',
  // a room code nobody has (the shape of one), asked for while its miss cannot be written: a 500 on a code
  unknownRoomCode: 'kan-arx-vgm',
  // an OIDC callback's state and a token in a query string
  queryState: 'Kanarien-State-im-Query-3e9b02',
  queryToken: 'Kanarien-Token-im-Query-71c4d8',
};

/**
 * Shapes of secrets the test never sees in clear (a failed write's parameters): an argon2 hash, a token's
 * SHA-256, a sealed TOTP seed, a reset code as the mail shows it, and the reset mail's text.
 */
const SECRET_SHAPES: [string, RegExp][] = [
  ['an argon2 hash', /\$argon2id?\$/],
  ['a token hash', /[0-9a-f]{64}/],
  ['a sealed secret', /v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}/],
  ['a reset code', /(?<![\w-])[A-Z2-9]{4}-[A-Z2-9]{4}(?![\w-])/],
  ['the reset mail', /mit diesem Code|use this code/],
  ['a failing row', /Failing row contains/],
];

const lines: string[] = [];
const secrets = new Set<string>([...Object.values(CANARY), DEMO_PASSWORD]);
/** Six-digit TOTP codes: matched as whole numbers, or every timestamp would contain one. */
const codes = new Set<string>();
const t = setUpTestApp({
  now: '2026-06-01T07:45:10Z',
  loggerInstance: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }),
});
const clock = t.clock;

/** A request whose Set-Cookie values (the tokens) join the secrets. */
async function send(path: string, opts: CallOptions = {}) {
  const res = await call(t.base, path, opts);
  for (const c of res.headers.getSetCookie()) {
    const value = c.split(';')[0]!.split('=').slice(1).join('=');
    // tokens are long; a flag cookie such as the SLO's fresh sign-in marker ('1') is no secret
    if (value.length >= 16) secrets.add(value);
  }
  return res;
}

/** What no log line may hold: a secret, the shape of one, a TOTP code, a request's headers or body. */
function expectNoSecretIn(logLines: string[]) {
  for (const line of logLines) {
    for (const secret of secrets) expect(line, `a secret in: ${line}`).not.toContain(secret);
    for (const [what, shape] of SECRET_SHAPES) expect(line, `${what} in: ${line}`).not.toMatch(shape);
    for (const code of codes)
      expect(line, `a TOTP code in: ${line}`).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
    const { req } = JSON.parse(line) as { req?: Record<string, unknown> };
    if (req) expect(Object.keys(req)).not.toContain('headers');
    if (req) expect(Object.keys(req)).not.toContain('body');
    expect(line.toLowerCase()).not.toMatch(/"(cookie|set-cookie|authorization)"/);
    expect(line).not.toMatch(/aula_(at|rt)=/);
  }
}

// Every test checks the lines the log gained since the last check (its own, and its set-up's), so each
// line is checked whatever order the tests run in, by the test that wrote it.
let checked = 0;
afterEach(async () => {
  await settleBackgroundTasks(t.app);
  const fresh = lines.slice(checked);
  checked = lines.length;
  expectNoSecretIn(fresh);
});

/** The lines `run` adds to the log (with the background tasks it started). */
async function linesOf(run: () => Promise<void>): Promise<string[]> {
  const from = lines.length;
  await run();
  await settleBackgroundTasks(t.app);
  return lines.slice(from);
}

/** A teacher of the test's own, with a canary for a password. */
async function piepmatz() {
  const username = uniqueName('piepmatz');
  return makeUser(t, {
    username,
    firstName: 'Karl',
    lastName: 'Fink',
    email: `${username}@demo-schule.example`,
    role: 'teacher',
    password: CANARY.password,
  });
}

async function signIn(username: string, password: string): Promise<string> {
  const ok = await send('/api/login', { body: { username, password } });
  expect(ok.status).toBe(200);
  return cookiesFrom(ok);
}

async function signInFlow() {
  const { username } = await piepmatz();
  const password = CANARY.password;
  const ok = await send('/api/login', { body: { username, password } });
  expect(ok.status).toBe(200);
  let cookie = cookiesFrom(ok);
  expect((await send('/api/login', { body: { username, password: CANARY.wrongPassword } })).status).toBe(401);
  const unknown = await send('/api/login', { body: { username: CANARY.wrongUsername, password } });
  expect(unknown.status).toBe(401);
  const refreshed = await send('/api/login/refresh', { cookie, body: {} });
  expect(refreshed.status).toBe(200);
  cookie = cookiesFrom(refreshed);
  expect((await send('/api/login/reauth', { cookie, body: { password } })).status).toBe(200);
  expect((await send('/api/login/reauth', { cookie, body: { password: CANARY.wrongPassword } })).status).toBe(
    403,
  );
}

async function resetCodeFlow() {
  const { id, username } = await piepmatz();
  expect(
    (await send('/api/v2/account/reset-code', { body: { username: CANARY.resetUsername } })).status,
  ).toBe(200);
  expect((await send('/api/v2/account/reset-code', { body: { username } })).status).toBe(200);
  await settleBackgroundTasks(t.app);
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, id))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const shown = /\b([A-Z2-9]{4})-?([A-Z2-9]{4})\b/.exec(mail!.body);
  expect(shown).not.toBeNull();
  const code = `${shown![1]}${shown![2]}`;
  secrets.add(code).add(`${shown![1]}-${shown![2]}`);
  const body = { username, code };
  expect(
    (await send('/api/v2/account/reset-code/check', { body: { ...body, code: 'ZZZZZZZZ' } })).status,
  ).not.toBe(200);
  expect((await send('/api/v2/account/reset-code/check', { body })).status).toBe(200);
  const reset = await send('/api/v2/account/reset-code/reset', {
    body: { ...body, password: CANARY.newPassword },
  });
  expect(reset.status).toBe(200);
  await signIn(username, CANARY.newPassword);
}

async function passwordChangeFlow() {
  const { username } = await piepmatz();
  const cookie = await signIn(username, CANARY.password);
  const res = await send('/api/v2/password_changes', {
    cookie,
    body: { old_password: CANARY.password, password: CANARY.changedPassword },
  });
  expect(res.status).toBe(200);
  await signIn(username, CANARY.changedPassword);
}

async function totpFlow() {
  const { username } = await piepmatz();
  const password = CANARY.password;
  let cookie = await signIn(username, password);
  const setup = answerAs(TotpSetupSchema, await send('/api/totp/code', { cookie }));
  expect(setup.status).toBe(200);
  const seed = setup.body.secret;
  secrets.add(seed).add(setup.body.uri as string);
  const first = await totpCodeAt(seed, clock());
  codes.add(first);
  expect((await send('/api/totp/code/verify', { cookie, body: { code: first, password } })).status).toBe(200);
  // the file's clock stands still; it goes back when the test finishes
  const now = clock.now();
  onTestFinished(() => clock.set(now));
  clock.advance(60_000);
  const second = await totpCodeAt(seed, clock());
  codes.add(second);
  const wrong = second === '000000' ? '111111' : '000000';
  expect((await send('/api/login', { body: { username, password, totp: wrong } })).status).toBe(401);
  const ok = await send('/api/login', { body: { username, password, totp: second } });
  expect(ok.status).toBe(200);
  cookie = cookiesFrom(ok);
  expect((await send('/api/totp/code', { cookie, method: 'DELETE', body: { password } })).status).toBe(200);
}

async function impersonationFlow() {
  const target = await piepmatz();
  const cookie = await signIn(target.username, CANARY.password);
  const admin = await send('/api/login', { body: { username: 'superadmin', password: DEMO_PASSWORD } });
  expect(admin.status).toBe(200);
  const start = await send(`/api/users/impersonate/${target.id}`, {
    cookie: cookiesFrom(admin),
    body: { reason: CANARY.reason },
  });
  expect(start.status).toBe(200);
  expect(
    answerAs(UserInfoSchema, await send('/api/self', { cookie: cookiesFrom(start) })).body.impersonator
      ?.username,
  ).toBe('superadmin');
  const stop = await send('/api/users/impersonate', { cookie: cookiesFrom(start), method: 'DELETE' });
  expect(stop.status).toBe(200);
  expect((await send('/api/logout', { cookie: cookiesFrom(stop), body: {} })).status).toBe(200);
  expect((await send('/api/logout', { cookie, body: {} })).status).toBe(200);
}

async function queryStringFlow() {
  await send(`/oidc/callback?code=${CANARY.queryCode}&state=x`);
  await send(`/api/login/saml/slo?SAMLRequest=${CANARY.queryCode}`);
  await send(`/api/layout?type=logged_in&x=${CANARY.queryCode}`);
  await send(`/api/login/oidc/callback?code=${CANARY.queryCode}&state=${CANARY.queryState}`);
  await send(`/api/sso/oidc/callback?code=${CANARY.queryCode}&state=${CANARY.queryState}`);
  await send(`/b/x?token=${CANARY.queryToken}&RelayState=${CANARY.queryState}&ticket=${CANARY.queryToken}`);
}

/**
 * A room's code admits guests (decision 067): a teacher's room, read and joined by its code as a member, a
 * guest and a visitor, and its page in the web app (`/b/{code}`), in upper case and with spaces as typed.
 */
async function roomCodeFlow() {
  const { username } = await piepmatz();
  const cookie = await signIn(username, CANARY.password);
  const created = answerAs(
    RoomDetailsSchema,
    await send('/api/bbb', { cookie, body: { name: 'Kanarienraum' } }),
  );
  expect(created.status, created.text).toBe(201);
  const code = created.body.code;
  expect(code).toMatch(/^[a-z2-9]{3}-[a-z2-9]{3}-[a-z2-9]{3}$/);
  const typed = code.toUpperCase().replaceAll('-', ' ');
  secrets.add(code).add(typed).add(code.replaceAll('-', '')).add(encodeURIComponent(typed));
  for (const part of code.split('-')) secrets.add(`-${part}-`);
  expect((await send(`/api/bbb/${code}`)).status).toBe(200);
  expect((await send(`/api/bbb/${encodeURIComponent(typed)}`)).status).toBe(200);
  expect((await send(`/api/bbb/${code}`, { cookie })).status).toBe(200);
  const csrf = { 'x-aula-csrf': '1' };
  // no BBB server is set up here: what the join answers does not matter, what the log holds does
  await send(`/api/bbb/${code}/join?name=Gast`, { headers: csrf });
  await send(`/api/bbb/${code}/join`, { cookie, headers: csrf });
  await send(`/b/${code}`);
  await send(`/b/${encodeURIComponent(typed)}?x=1`);
  await send(`/api/bbb/${code}/nothing-here`);
  // a room's number is no secret: it stays in the log
  const id = created.body.id as number;
  expect((await send(`/api/bbb/${id}`, { cookie })).status).toBe(200);
}

describe('no secret reaches a log (trace level)', () => {
  it('sign-in right and wrong, an unknown name, refresh, re-authentication', signInFlow);

  it('the reset-code flow: request, check and reset with codes read from the outbox', resetCodeFlow);

  it('a password change', passwordChangeFlow);

  it('TOTP: setup, verification, sign-in with a code, a wrong code, turning it off', totpFlow);

  it('impersonation with a reason, and logout', impersonationFlow);

  describe('failing requests with secrets as query parameters', () => {
    let admin = '';
    beforeAll(async () => {
      const db = t.database.db;
      admin = cookiesFrom(await send('/api/login', { body: { username: 'admin', password: DEMO_PASSWORD } }));
      await makeUser(t, {
        username: 'meise',
        firstName: 'Maja',
        lastName: 'Meise',
        email: 'meise@demo-schule.example',
        role: 'teacher',
        password: CANARY.tokenUserPassword,
      });
      // real database failures, switched on per table by a row in canary_fail (no mock of our code)
      await db.execute(sql`create table canary_fail (what text primary key)`);
      await db.execute(
        sql.raw(`create function canary_fail() returns trigger language plpgsql as $$
          begin
            if exists (select 1 from canary_fail where what = tg_table_name) then
              raise exception 'canary: % refused', tg_table_name;
            end if;
            return new;
          end $$`),
      );
      for (const table of ['users', 'sessions', 'mail_outbox'])
        await db.execute(
          sql.raw(
            `create trigger canary_fail before insert or update on ${table} for each row execute function canary_fail()`,
          ),
        );
      // a check violation: PostgreSQL's detail then shows the whole failing row, the password hash too
      await db.execute(
        sql`alter table users add constraint canary_name check (last_name <> 'Zaunkoenig-Fehler') not valid`,
      );
    });
    const failing = (what: string) => t.database.db.execute(sql`insert into canary_fail values (${what})`);
    const working = () => t.database.db.execute(sql`delete from canary_fail`);

    it('a NUL byte in a name, with a password, never reaches the log with the hash', async () => {
      const res = await send('/api/v2/users', {
        cookie: admin,
        body: {
          username: 'nulbyte',
          first_name: 'Ka\u0000rl',
          last_name: 'Null',
          type: 'S',
          password: CANARY.nulPassword,
        },
      });
      expect(res.status).not.toBe(201);
    });

    async function checkViolation() {
      const res = await send('/api/v2/users', {
        cookie: admin,
        body: {
          username: 'checkfail',
          first_name: 'Zaun',
          last_name: 'Zaunkoenig-Fehler',
          type: 'S',
          password: CANARY.checkPassword,
        },
      });
      expect(res.status, res.text).toBe(500);
    }

    async function failingSessionWrite() {
      await failing('sessions');
      try {
        const res = await send('/api/login', {
          body: { username: 'meise', password: CANARY.tokenUserPassword },
        });
        expect(res.status).toBe(500);
      } finally {
        await working();
      }
    }

    async function failingTotpSeedWrite() {
      const cookie = cookiesFrom(
        await send('/api/login', { body: { username: 'meise', password: CANARY.tokenUserPassword } }),
      );
      await failing('users');
      try {
        expect((await send('/api/totp/code', { cookie })).status).toBe(500);
      } finally {
        await working();
      }
    }

    it(
      'a check violation while creating a user with a password (PostgreSQL names the failing row)',
      checkViolation,
    );

    it('a failing session write at sign-in (the new tokens are parameters)', failingSessionWrite);

    it('a failing write of a new TOTP seed (the sealed seed is a parameter)', failingTotpSeedWrite);

    it('a failing reset mail (the code is in the mail text, written after the answer)', async () => {
      const own = await linesOf(async () => {
        await failing('mail_outbox');
        try {
          const res = await send('/api/v2/account/reset-code', { body: { username: 'meise' } });
          expect(res.status).toBe(200);
          await settleBackgroundTasks(t.app);
        } finally {
          await working();
        }
      });
      expect(own.some((l) => l.includes('background task failed'))).toBe(true);
    });

    it('a 500 on a room code: neither the log nor the error_log row holds the code', async () => {
      secrets.add(CANARY.unknownRoomCode);
      await t.database.db.execute(
        sql.raw(
          `create trigger canary_fail before insert on bbb_code_misses for each row execute function canary_fail()`,
        ),
      );
      await failing('bbb_code_misses');
      let requestId = '';
      try {
        const res = await send(`/api/bbb/${CANARY.unknownRoomCode}`);
        expect(res.status, res.text).toBe(500);
        requestId = res.headers.get('x-request-id')!;
      } finally {
        await working();
      }
      await settleBackgroundTasks(t.app);
      // the error_log row is written after the answer
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(errorLog).where(eq(errorLog.requestId, requestId))).length,
        )
        .toBe(1);
      const rows = await t.database.db.select().from(errorLog);
      expect(rows.find((r) => r.requestId === requestId)).toMatchObject({
        route: '/api/bbb/:id',
        status: 500,
      });
      for (const row of rows) {
        const text = JSON.stringify(row);
        for (const secret of secrets) expect(text, `a secret in error_log: ${text}`).not.toContain(secret);
      }
    });

    it('the failures were logged, with the SQL text and the database code', async () => {
      // the three failures of the tests above, written again for this test's own lines
      const own = await linesOf(async () => {
        await checkViolation();
        await failingSessionWrite();
        await failingTotpSeedWrite();
      });
      type Logged = { type?: string; code?: string; sql?: string; cause?: Logged };
      const chain = (e: Logged | undefined): Logged[] => (e ? [e, ...chain(e.cause)] : []);
      const failures = own
        .map((l) => JSON.parse(l) as { msg?: string; err?: Logged })
        .filter((l) => l.msg === 'unexpected error' && l.err?.sql)
        .map((l) => chain(l.err));
      expect(failures.length).toBeGreaterThanOrEqual(3);
      const logged = (code: string, sql: RegExp) =>
        failures.some((c) => c.some((e) => e.code === code) && sql.test(c[0]!.sql!));
      expect(logged('23514', /^insert into "users"/)).toBe(true);
      expect(logged('P0001', /^insert into "sessions"/)).toBe(true);
      expect(logged('P0001', /^update "users" set "totp_pending_secret"/)).toBe(true);
    });
  });

  it("query strings: an identity provider's code or message in a URL", queryStringFlow);

  it('room codes: reading and joining a room by its code, and its page, log the route, not the code', async () => {
    const own = await linesOf(roomCodeFlow);
    const urls = own
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .flatMap((l) => (l.req?.url ? [l.req.url] : []));
    // what the log says instead: the route's pattern, the page's first segment, the room's number
    expect(urls).toContain('/api/bbb/:id');
    expect(urls).toContain('/api/bbb/:id/join');
    expect(urls).toContain('/b/…');
    expect(urls).toContain('/api/bbb/…');
    expect(urls.some((u) => /^\/api\/bbb\/\d+$/.test(u))).toBe(true);
  });

  it('the log holds request lines, and no canary, code, seed or token in any of them', async () => {
    // every flow above once more, so the log holds their lines whichever tests ran before
    const own = await linesOf(async () => {
      await signInFlow();
      await resetCodeFlow();
      await passwordChangeFlow();
      await totpFlow();
      await impersonationFlow();
      await queryStringFlow();
    });
    expect(own.some((l) => l.includes('incoming request'))).toBe(true);
    expect(own.length).toBeGreaterThan(40);
    expect(secrets.size).toBeGreaterThan(Object.keys(CANARY).length + 4);
    for (const line of lines) {
      for (const secret of secrets) expect(line, `a secret in: ${line}`).not.toContain(secret);
      for (const [what, shape] of SECRET_SHAPES) expect(line, `${what} in: ${line}`).not.toMatch(shape);
      for (const code of codes)
        expect(line, `a TOTP code in: ${line}`).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
    }
  });

  it('request logging holds neither headers (the cookie) nor bodies', async () => {
    // requests with cookies and bodies of this test's own
    const own = await linesOf(async () => {
      await signInFlow();
      await impersonationFlow();
    });
    const parsed = own.map((l) => JSON.parse(l) as { req?: Record<string, unknown>; res?: object });
    const requests = parsed.filter((l) => l.req);
    expect(requests.length).toBeGreaterThan(10);
    for (const { req } of requests) {
      expect(Object.keys(req!)).not.toContain('headers');
      expect(Object.keys(req!)).not.toContain('body');
    }
    for (const line of lines) {
      expect(line.toLowerCase()).not.toMatch(/"(cookie|set-cookie|authorization)"/);
      expect(line).not.toMatch(/aula_(at|rt)=/);
    }
  });
});
