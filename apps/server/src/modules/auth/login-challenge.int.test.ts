// Decision 074: a flooded address needs a proof of work, a device that signed in before is exempt for its
// account, and a shared class account signs in together. Every attack here must stay refused.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { auditLog, loginFailures } from '../../db/schema.ts';
import {
  DEMO_PASSWORD,
  demoSchoolId,
  postFrom,
  setUpTestApp,
  type AddressedAnswer,
} from '../../test/test-app.ts';
import { makeUser, type UserOptions } from '../../test/factories.ts';
import { verifyCount } from './passwords.ts';

const t = setUpTestApp({ now: '2026-11-30T07:45:00Z' });
const clock = t.clock;
let schoolId: number;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

interface Answer extends AddressedAnswer {
  /** the device cookie this answer set, as a Cookie header */
  device?: string;
}

/** A sign-in from a loopback address (req.ip is the socket's source), with a cookie and a solution if given. */
async function loginFrom(
  ip: string,
  username: string,
  password: string,
  extra: { cookie?: string; altcha?: string } = {},
): Promise<Answer> {
  const body = { username, password, ...(extra.altcha ? { altcha: extra.altcha } : {}) };
  const res = await postFrom(t.base, '/api/login', { ip, body, cookie: extra.cookie });
  const setCookies = (res.headers['set-cookie'] ?? []) as string[];
  return { ...res, device: setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('aula_dev=')) };
}

/** What ALTCHA's widget sends: base64 of { challenge, solution }. */
async function solve(challenge: any): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function ownUser(options: UserOptions = {}): Promise<string> {
  return (await makeUser(t, { schoolId, ...options })).username;
}

function restoreClockAfterTest() {
  const at = clock.now();
  onTestFinished(() => clock.set(at));
}

const audits = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

/** The attack over HTTP: 101 made-up names with wrong passwords from the school's one address. */
async function floodOverHttp(ip: string): Promise<void> {
  for (let i = 0; i <= 100; i++) {
    clock.advance(30);
    const res = await loginFrom(ip, `made-up-${ip}-${i}`, 'wrong-password');
    // the 101st is over the rate: from now on a sign-in from this address needs a proof of work
    expect(res.status).toBe(i < 100 ? 401 : 429);
  }
}

/** The same failures as rows (what the flood leaves behind), for the tests that start from a flooded address. */
async function flood(ip: string): Promise<void> {
  await t.database.db.insert(loginFailures).values(
    Array.from({ length: 101 }, (_, i) => ({
      schoolId,
      accountKey: `made-up-${ip}-${i}`,
      ip,
      at: new Date(clock.now() - 3_000 + i * 30),
    })),
  );
}

describe('a flood from the school address', () => {
  it(
    'after 101 made-up sign-ins a pupil with the right password is asked for a proof of work, never locked; the solved challenge signs them in',
    { timeout: 180_000 },
    async () => {
      restoreClockAfterTest();
      const pupil = await ownUser();
      const throttled = await audits('login.throttled');
      await floodOverHttp('127.0.1.1');

      const refused = await loginFrom('127.0.1.1', pupil, DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'auth.challenge_required', params: { minutes: 1 } });
      expect(refused.body.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await audits('login.throttled')).toBe(throttled + 1);

      const ok = await loginFrom('127.0.1.1', pupil, DEMO_PASSWORD, {
        altcha: await solve(refused.body.challenge),
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBeGreaterThan(0);
      // another address was never affected
      expect((await loginFrom('127.0.1.2', await ownUser(), DEMO_PASSWORD)).status).toBe(200);
    },
  );

  it('a plain client without a solution, with garbage, an altered or a replayed solution, is refused with a new challenge', async () => {
    restoreClockAfterTest();
    const [pupil, other] = [await ownUser(), await ownUser()];
    await flood('127.0.1.3');
    const first = await loginFrom('127.0.1.3', pupil, DEMO_PASSWORD);
    expect(first.status).toBe(429);
    const altcha = await solve(first.body.challenge);

    const verifies = verifyCount();
    for (const bad of [
      'not base64 at all',
      Buffer.from('{"challenge":1}').toString('base64'),
      // a derived key that was guessed, not found
      await (async () => {
        const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString());
        decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/^./, (c: string) =>
          c === '0' ? '1' : '0',
        );
        return Buffer.from(JSON.stringify(decoded)).toString('base64');
      })(),
      // an easier challenge the client made up itself, with the signature of the real one
      await (async () => {
        const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString());
        decoded.challenge.parameters.cost = 1;
        return Buffer.from(JSON.stringify(decoded)).toString('base64');
      })(),
    ]) {
      const res = await loginFrom('127.0.1.3', pupil, DEMO_PASSWORD, { altcha: bad });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('auth.challenge_required');
    }
    // none of them got as far as the password
    expect(verifyCount()).toBe(verifies);

    expect((await loginFrom('127.0.1.3', pupil, DEMO_PASSWORD, { altcha })).status).toBe(200);
    // the same solution a second time, even for another account
    const replay = await loginFrom('127.0.1.3', other, DEMO_PASSWORD, { altcha });
    expect(replay.status).toBe(429);
    expect(replay.body.challenge.signature).not.toBe(first.body.challenge.signature);
  });

  it('a solution expires with its challenge after 10 minutes, and the flood ends a minute after its failures', async () => {
    restoreClockAfterTest();
    const pupil = await ownUser();
    await flood('127.0.1.4');
    const refused = await loginFrom('127.0.1.4', pupil, DEMO_PASSWORD);
    const altcha = await solve(refused.body.challenge);
    clock.advance(10 * 60_000);
    // the flood is over by now: no challenge is needed any more
    expect((await loginFrom('127.0.1.4', pupil, DEMO_PASSWORD)).status).toBe(200);
    await flood('127.0.1.4');
    const stale = await loginFrom('127.0.1.4', pupil, DEMO_PASSWORD, { altcha });
    expect(stale.status).toBe(429);
  });

  it('a signed-in user proving their password again is not asked for a proof of work', async () => {
    restoreClockAfterTest();
    const teacher = await ownUser({ role: 'teacher' });
    const session = await loginFrom('127.0.1.5', teacher, DEMO_PASSWORD);
    const cookie = (session.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    await flood('127.0.1.5');
    const res = await postFrom(t.base, '/api/login/reauth', {
      ip: '127.0.1.5',
      body: { password: DEMO_PASSWORD },
      cookie,
    });
    expect(res.status).toBe(200);
  });
});

describe('device cookies', () => {
  it("a browser the account signed in on before is neither challenged by the address's flood nor locked by others' failures", async () => {
    restoreClockAfterTest();
    const pupil = await ownUser();
    const first = await loginFrom('127.0.2.1', pupil, DEMO_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^aula_dev=v1\./);
    const setCookie = (first.headers['set-cookie'] as string[]).find((c) => c.startsWith('aula_dev='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // the cookie names nobody: no user name or id in it
    expect(Buffer.from(first.device!.split('.')[1]!, 'base64url').toString()).not.toContain(pupil);

    await flood('127.0.2.1');
    // an attacker locks the account from elsewhere: 10 failures
    for (let i = 0; i < 10; i++) await loginFrom(i < 5 ? '127.0.2.2' : '127.0.2.3', pupil, `guess-${i}`);
    const locked = await loginFrom('127.0.2.4', pupil, DEMO_PASSWORD);
    expect(locked.status).toBe(423);

    const trusted = await loginFrom('127.0.2.1', pupil, DEMO_PASSWORD, { cookie: first.device });
    expect(trusted.status).toBe(200);
    // the account stays locked for everyone else
    expect((await loginFrom('127.0.2.4', pupil, DEMO_PASSWORD)).status).toBe(423);
  });

  it("an attacker's device cookie from their own account does not help against another account", async () => {
    restoreClockAfterTest();
    const [attacker, victim] = [await ownUser(), await ownUser()];
    const own = await loginFrom('127.0.2.5', attacker, DEMO_PASSWORD);
    await flood('127.0.2.5');
    const challenged = await loginFrom('127.0.2.5', victim, 'guess', { cookie: own.device });
    expect(challenged.status).toBe(429);
    expect(challenged.body.code).toBe('auth.challenge_required');
    // nor against a lock: five failures from this address lock it out of the victim's account
    clock.advance(2 * 60_000);
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('127.0.2.5', victim, `guess-${i}`, { cookie: own.device })).status).toBe(401);
    expect((await loginFrom('127.0.2.5', victim, DEMO_PASSWORD, { cookie: own.device })).status).toBe(423);
    // a forged or altered cookie counts for nothing either
    const altered = own.device!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await loginFrom('127.0.2.5', attacker, DEMO_PASSWORD, { cookie: altered })).status).toBe(200);
  });

  it('a trusted device that fails five times itself is trusted no more', async () => {
    restoreClockAfterTest();
    const pupil = await ownUser();
    const first = await loginFrom('127.0.2.6', pupil, DEMO_PASSWORD);
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('127.0.2.7', pupil, `typo-${i}`, { cookie: first.device })).status).toBe(401);
    for (let i = 0; i < 5; i++) await loginFrom('127.0.2.8', pupil, `guess-${i}`);
    // 10 failures: the account is locked, and this device has used up its own budget
    expect((await loginFrom('127.0.2.7', pupil, DEMO_PASSWORD, { cookie: first.device })).status).toBe(423);
  });
});

describe('a shared class account', () => {
  // sixty password checks: on a busy machine that takes longer than the default 30 s
  it(
    '30 children signing in at once with one account from one address all get in, twice in a row',
    { timeout: 180_000 },
    async () => {
      const klasse = await ownUser({ username: 'klasse-2b', password: 'Sonnenblume-Klasse-2b' });
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all(
          Array.from({ length: 30 }, () => loginFrom('127.0.3.1', klasse, 'Sonnenblume-Klasse-2b')),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      }
    },
  );

  it(
    'with four typos already made, ten children at once still all get in: only the one place left is held',
    { timeout: 120_000 },
    async () => {
      const klasse = await ownUser({ username: 'klasse-3a', password: 'Regenbogen-Klasse-3a' });
      for (let i = 0; i < 4; i++)
        expect((await loginFrom('127.0.3.2', klasse, `typo-${i}`)).status).toBe(401);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => loginFrom('127.0.3.2', klasse, 'Regenbogen-Klasse-3a')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    },
  );

  it('ten wrong passwords, then the right one is locked, as before', async () => {
    const klasse = await ownUser({ username: 'klasse-4c', password: 'Wolkenschloss-Klasse-4c' });
    const wrong = await Promise.all(
      Array.from({ length: 10 }, (_, i) => loginFrom(`127.0.3.${10 + (i % 3)}`, klasse, `wrong-${i}`)),
    );
    expect(wrong.filter((a) => a.status === 401).length).toBeGreaterThan(0);
    expect(wrong.every((a) => a.status === 401 || a.status === 423)).toBe(true);
    const after = await loginFrom('127.0.3.20', klasse, 'Wolkenschloss-Klasse-4c');
    expect(after.status).toBe(423);
    expect(after.body.code).toBe('auth.login_locked');
  });

  it('wrong and right passwords at once: the wrong ones use the budget up, the waiting ones get 423 unchecked', async () => {
    const klasse = await ownUser({ username: 'klasse-1d', password: 'Mondlicht-Klasse-1d' });
    const before = verifyCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        loginFrom('127.0.3.30', klasse, i < 10 ? `wrong-${i}` : 'Mondlicht-Klasse-1d'),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // never more failures checked than the address's budget of 5
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => [200, 401, 423].includes(s))).toBe(true);
    expect(verifyCount() - before).toBe(statuses.filter((s) => s !== 423).length);
  });
});
