import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { RESET_CODE_TTL_MS, RESET_REQUESTS_PER_HOUR, RESET_REQUESTS_PER_IP_HOUR } from '@aula/contracts';
import { auditLog, loginLocks, mailOutbox, sessions, users } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import { call, demoSchoolId, errorOf, loginAs, setUpTestApp, startTestApp } from '../../test/test-app.ts';
import { settleBackgroundTasks } from '../mail/mail.service.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[] = [];
let schoolId: number;
const FROM = 'Aula Test <aula@schule.example>';

// the app sends to a mail server on loopback, started first
const t = setUpTestApp(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { now: '2026-03-02T08:00:00Z', mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM } };
});
const clock = t.clock;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));
beforeEach(() => {
  received = [];
  // each test starts an hour later, so the hourly request limit of one test never reaches the next
  clock.advance(2 * 60 * 60_000);
});

const CODE_LINE = /^ {4}([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\s*$/m;

/** Asks for a code and waits until the mail left (it is sent after the answer). */
async function requestCode(username: string) {
  const res = await call(t.base, '/api/v2/account/reset-code', { body: { username } });
  await settleBackgroundTasks(t.app);
  return res;
}

function codeIn(mail: Received | undefined): string {
  const match = mail?.raw.match(CODE_LINE);
  if (!match) throw new Error(`no code in the mail: ${mail?.raw}`);
  return match[1]!;
}

async function mailedCode(username: string): Promise<string> {
  const res = await requestCode(username);
  expect(res.status).toBe(200);
  expect(received).toHaveLength(1);
  return codeIn(received[0]);
}

const check = (username: string, code: string) =>
  call(t.base, '/api/v2/account/reset-code/check', { body: { username, code } });
const reset = (username: string, code: string, password: string) =>
  call(t.base, '/api/v2/account/reset-code/reset', { body: { username, code, password } });

const setConfig = (key: string, value: string) => makeSetting(t, key, value);

describe('reset codes by mail (SMTP on loopback)', () => {
  it('the code arrives by SMTP in the user language, checks, resets the password, and signs in', async () => {
    await t.database.db.update(users).set({ selectedLang: 'en' }).where(eq(users.username, 'student'));
    const code = await mailedCode('student');
    const mail = received[0]!;
    expect(mail.to).toEqual(['student@demo-schule.example']);
    expect(mail.from).toBe('aula@schule.example');
    expect(mail.raw).toMatch(/Subject: Aula: your password reset code/);
    expect(mail.raw).toContain('use this code to set a new password');

    const ok = await check('student', code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    // the form may send the code as typed: lower case, without the dash
    expect((await check('student', code.replace('-', '').toLowerCase())).status).toBe(200);

    const res = await reset('student', code, 'ein-ganz-neues-Kennwort-7');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(
      (
        await call(t.base, '/api/login', {
          body: { username: 'student', password: 'ein-ganz-neues-Kennwort-7' },
        })
      ).status,
    ).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'student'));
    expect(row!.passwordChangedAt?.getTime()).toBe(clock.now());
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('a German user (language auto) gets the German mail', async () => {
    await mailedCode('teacher2');
    expect(received[0]!.raw).toContain('Hallo Tom,');
    expect(received[0]!.raw).toContain('neu setzen');
  });

  it('a code is single use: a second reset with it fails like a wrong code', async () => {
    const code = await mailedCode('teacher');
    expect((await reset('teacher', code, 'erstes-neues-Passwort-1')).status).toBe(200);
    const again = errorOf(await reset('teacher', code, 'zweites-neues-Passwort-2'));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('auth.wrong_code');
    expect(errorOf(await check('teacher', code)).body.code).toBe('auth.wrong_code');
  });

  it('a new request makes the older code worthless', async () => {
    const first = await mailedCode('student3');
    received = [];
    const second = await mailedCode('student3');
    expect((await check('student3', first)).status).toBe(400);
    expect((await check('student3', second)).status).toBe(200);
  });

  it('a code expires after 10 minutes (410 reset timeout); before that it works', async () => {
    const code = await mailedCode('student2');
    clock.advance(RESET_CODE_TTL_MS - 1_000);
    expect((await check('student2', code)).status).toBe(200);
    clock.advance(2_000);
    const late = errorOf(await check('student2', code));
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('auth.reset_timeout');
    expect((await reset('student2', code, 'zu-spaet-fuer-den-Code-9')).status).toBe(410);
  });

  it('the fifth wrong code burns the code (423), also for the right code afterwards; unknown names answer the same', async () => {
    const code = await mailedCode('admin');
    const wrong = code.startsWith('A') ? 'BBBBBBBB' : 'AAAAAAAA';
    const known = [];
    for (let i = 0; i < 6; i++) known.push(await check('admin', wrong));
    expect(known.map((r) => r.status)).toEqual([400, 400, 400, 400, 423, 423]);
    expect(errorOf(known[4]!).body.code).toBe('auth.too_many_tries');
    expect((await check('admin', code)).status).toBe(423);
    expect((await reset('admin', code, 'trotzdem-ein-Passwort-5')).status).toBe(423);

    expect((await requestCode('nobody-at-all')).status).toBe(200);
    const unknown = [];
    for (let i = 0; i < 6; i++) unknown.push(await check('nobody-at-all', wrong));
    expect(unknown.map((r) => r.status)).toEqual(known.map((r) => r.status));
    expect(unknown.map((r) => r.body)).toEqual(known.map((r) => r.body));
  });

  it('a wrong code for a name that asked for nothing is "wrong code", known or not', async () => {
    const known = await check('student4', 'ABCDEFGH');
    const unknown = await check('never-heard-of', 'ABCDEFGH');
    expect(known.status).toBe(400);
    expect(known.body).toEqual({ code: 'auth.wrong_code', message: expect.any(String) });
    expect(unknown.body).toEqual(known.body);
  });

  it(`more than ${RESET_REQUESTS_PER_HOUR} requests an hour for one name: 429 with Retry-After, known and unknown alike`, async () => {
    const answers = async (username: string) => {
      const out = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_HOUR; i++) {
        out.push(await requestCode(username));
        clock.advance(60_000);
      }
      return out;
    };
    const known = await answers('teacher');
    const unknown = await answers('ghost@nowhere.example');
    expect(known.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(unknown.map((r) => r.status)).toEqual(known.map((r) => r.status));
    expect(unknown.map((r) => r.body)).toEqual(known.map((r) => r.body));
    const limited = known[RESET_REQUESTS_PER_HOUR]!;
    expect(limited.body).toEqual({
      code: 'auth.too_many_requests',
      message: expect.any(String),
      params: { minutes: 55 },
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(55 * 60);
    // known names got a mail each time they were not refused
    expect(received.filter((m) => m.to.includes('teacher@demo-schule.example'))).toHaveLength(
      RESET_REQUESTS_PER_HOUR,
    );
    clock.advance(56 * 60_000);
    expect((await requestCode('teacher')).status).toBe(200);
    expect((await requestCode('ghost@nowhere.example')).status).toBe(200);
  });

  it('the e-mail address works as the name, case-insensitive, also the secondary address', async () => {
    await t.database.db
      .update(users)
      .set({ secondaryEmail: 'Eltern.Wagner@Familie.example' })
      .where(eq(users.username, 'student3'));
    const byPrimary = await mailedCode('STUDENT3@demo-schule.example');
    expect((await check('student3@demo-schule.example', byPrimary)).status).toBe(200);
    received = [];
    const bySecondary = await mailedCode('eltern.wagner@familie.example');
    expect(
      (await reset('eltern.wagner@familie.example', bySecondary, 'ein-neues-Kennwort-fuer-3')).status,
    ).toBe(200);
    expect(
      (
        await call(t.base, '/api/login', {
          body: { username: 'student3', password: 'ein-neues-Kennwort-fuer-3' },
        })
      ).status,
    ).toBe(200);
  });

  it('with forward_emails the mail also goes to the secondary address; without a primary, only there', async () => {
    await t.database.db
      .update(users)
      .set({ secondaryEmail: 'ali.privat@example.org' })
      .where(eq(users.username, 'student2'));
    await mailedCode('student2');
    expect(received[0]!.to).toEqual(['student2@demo-schule.example']);

    await setConfig('forward_emails', 'true');
    received = [];
    await mailedCode('student2');
    expect(received[0]!.to).toEqual(['student2@demo-schule.example', 'ali.privat@example.org']);
    await setConfig('forward_emails', 'false');

    await t.database.db.update(users).set({ email: null }).where(eq(users.username, 'student2'));
    received = [];
    await mailedCode('student2');
    expect(received[0]!.to).toEqual(['ali.privat@example.org']);
    await t.database.db
      .update(users)
      .set({ email: 'student2@demo-schule.example' })
      .where(eq(users.username, 'student2'));
  });

  it('a blocked user gets no mail, and the answers are those of an unknown name', async () => {
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.username, 'teacher2'));
    const res = await requestCode('teacher2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(received).toEqual([]);
    await t.database.db.update(users).set({ blocked: false }).where(eq(users.username, 'teacher2'));
  });

  it('a sent mail stays in the outbox without its body, so no code lingers; logs and audit never see it', async () => {
    const code = await mailedCode('superadmin');
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'superadmin@demo-schule.example'), isNotNull(mailOutbox.sentAt)));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.body).toBe('');
      expect(row.error).toBeNull();
    }
    const audit = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(audit).not.toContain(code);
    expect(audit).not.toContain(code.replace('-', ''));
  });

  it('the new password follows the rules with the names of that user; the code stays valid after a refusal', async () => {
    const code = await mailedCode('student4');
    const weak = errorOf(await reset('student4', code, 'noah-2026-abcdef'));
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('password.rules');
    expect(weak.body.params).toEqual({ rules: 'no_names' });
    const common = errorOf(await reset('student4', code, 'passwort123'));
    expect(common.body.params).toEqual({ rules: 'common' });
    expect((await reset('student4', code, 'ein-gutes-neues-Passwort')).status).toBe(200);
  });

  it('a reset ends every session of the user at once and lifts a sign-in lock', async () => {
    const first = await loginAs(t.base, 'teacher2');
    const second = await loginAs(t.base, 'teacher2');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'teacher2'));
    await t.database.db
      .insert(loginLocks)
      .values({ schoolId, accountKey: 'teacher2', lockedUntil: new Date(clock.now() + 15 * 60_000) });

    const code = await mailedCode('teacher2');
    expect((await reset('teacher2', code, 'nach-der-Sperre-wieder-da')).status).toBe(200);

    for (const cookie of [first, second]) {
      expect((await call(t.base, '/api/self', { cookie })).status).toBe(418);
    }
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(live.length).toBeGreaterThanOrEqual(2);
    for (const s of live) {
      expect(s.revokedAt).not.toBeNull();
      expect(s.revokeReason).toBe('reset');
    }
    expect(
      await t.database.db
        .select()
        .from(loginLocks)
        .where(and(eq(loginLocks.schoolId, schoolId), eq(loginLocks.accountKey, 'teacher2'))),
    ).toEqual([]);
    const signIn = await call(t.base, '/api/login', {
      body: { username: 'teacher2', password: 'nach-der-Sperre-wieder-da' },
    });
    expect(signIn.status).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset'), eq(auditLog.targetId, user!.id)));
    expect(audits).toHaveLength(1);
  });
});

describe('without SMTP the mail lands in the outbox', () => {
  it('the code can be read from mail_outbox and used', async () => {
    const local = await startTestApp({ database: t.database, demo: false, clock });
    try {
      const res = await call(local.base, '/api/v2/account/reset-code', { body: { username: 'Admin' } });
      expect(res.status).toBe(200);
      await settleBackgroundTasks(local.app);
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'admin@demo-schule.example'))
        .orderBy(mailOutbox.id)
        .then((rows) => rows.slice(-1));
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toBeNull();
      const code = codeIn({ from: '', to: [], raw: row!.body });
      const done = await call(local.base, '/api/v2/account/reset-code/reset', {
        body: { username: 'admin', code, password: 'aus-dem-Postausgang-1' },
      });
      expect(done.status).toBe(200);
      expect(received).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe('requests from one address', () => {
  it(`more than ${RESET_REQUESTS_PER_IP_HOUR} an hour from one address: 429 for any name, so nobody can sweep a school's names`, async () => {
    clock.advance(2 * 60 * 60_000);
    for (let i = 0; i < RESET_REQUESTS_PER_IP_HOUR; i++) {
      const res = await call(t.base, '/api/v2/account/reset-code', { body: { username: `sweep-${i}` } });
      expect(res.status, `request ${i}`).toBe(200);
    }
    await settleBackgroundTasks(t.app);
    const over = errorOf(
      await call(t.base, '/api/v2/account/reset-code', { body: { username: 'teacher2' } }),
    );
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('auth.too_many_requests');
    clock.advance(61 * 60_000);
    expect((await requestCode('teacher2')).status).toBe(200);
  });
});
