import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  LogoutResultSchema,
  OidcSettingsViewSchema,
  SsoSessionResultSchema,
  SsoStartResultSchema,
} from '@aula/contracts';
import { config, externalIdentities, ssoRequests, ssoSessions, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import {
  answerAs,
  call,
  callAs,
  callError,
  cookiesFrom,
  demoSchoolId,
  errorOf,
  lastAudit,
  loginAs,
  setUpTestApp,
} from '../../test/test-app.ts';
import {
  signInAtProvider,
  signOutAtProvider,
  startOidcProvider,
  type CookieJar,
  type TestOidcProvider,
} from '../../test/oidc-provider.ts';

// spec 1, 2.1, 7.1-7.2; SECURITY.md (PKCE, state, nonce, issuer and audience, same-origin return paths);
// docs/decisions/038-oidc-sign-in.md. A real OpenID provider (oidc-provider) on loopback.

const t = setUpTestApp({ now: '2026-09-14T07:30:00Z' });
const clock = t.clock;
let op: TestOidcProvider;
let adminCookie = '';

const ACCOUNTS = [
  {
    sub: 'nrw-sara',
    claims: {
      email: 'student@demo-schule.example',
      email_verified: true,
      given_name: 'Sara',
      family_name: 'Schmidt',
    },
  },
  {
    sub: 'nrw-ali-unverified',
    claims: { email: 'student2@demo-schule.example', email_verified: false },
  },
  {
    sub: 'nrw-nora',
    claims: {
      email: 'nora.neu@schule.example',
      email_verified: true,
      given_name: 'Nora',
      family_name: 'Neu',
      preferred_username: 'nora.neu',
      role: 'teacher',
      groups: ['5a', 'Schulleitung'],
    },
  },
  { sub: 'nrw-super', claims: { email: 'superadmin@demo-schule.example', email_verified: true } },
  { sub: 'nrw-mia', claims: { email: 'student3@demo-schule.example', email_verified: true } },
  // people of one test each, whose accounts that test makes (makeUser) with these addresses
  {
    sub: 'nrw-lena',
    claims: {
      email: 'lena.link@demo-schule.example',
      email_verified: true,
      given_name: 'Lena',
      family_name: 'Link',
    },
  },
  { sub: 'nrw-blocked', claims: { email: 'blocked.oidc@demo-schule.example', email_verified: true } },
  { sub: 'nrw-leaving', claims: { email: 'leaving.oidc@demo-schule.example', email_verified: true } },
];

async function configure(overrides: Record<string, unknown> = {}) {
  const res = await call(t.base, '/api/config/oidc', {
    method: 'PUT',
    cookie: adminCookie,
    body: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      label: 'Schulportal',
      linkClaim: 'email',
      linkField: 'email',
      createUsers: false,
      roleClaim: 'role',
      groupsClaim: 'groups',
      scopes: 'email profile groups',
      ...overrides,
    },
  });
  expect(res.status).toBe(200);
}

/**
 * The tests share the school's provider settings (beforeAll: `configure()` with `op`, enable_moin_auth on)
 * and the clock: a test that changes either puts it back when it finishes, whatever happens.
 */
function restoreProviderAfterTest() {
  onTestFinished(() => configure());
}

function restoreClockAfterTest() {
  const saved = clock.now();
  onTestFinished(() => clock.set(saved));
}

/** Starts at Aula as a browser would: the answer's address and the browser-binding cookie. */
async function start(returnTo?: string) {
  const res = await callAs(SsoStartResultSchema, t.base, '/api/login/oidc', {
    body: returnTo === undefined ? {} : { returnTo },
  });
  expect(res.status).toBe(200);
  return { url: res.body.url, cookie: cookiesFrom(res) };
}

async function complete(query: string, cookie: string) {
  return call(t.base, '/api/apps/moin/callback', { body: { query }, cookie });
}

/** The whole round trip for a provider account; answers the callback's response. */
async function signInAs(sub: string, returnTo?: string) {
  const { url, cookie } = await start(returnTo);
  const back = await signInAtProvider(url, sub, `${t.base}/oidc/callback`);
  return complete(back.search, cookie);
}

beforeAll(async () => {
  op = await startOidcProvider({
    redirectUris: [`${t.base}/oidc/callback`],
    postLogoutRedirectUris: [`${t.base}/login?dialog=after-logout`],
    accounts: ACCOUNTS,
  });
  adminCookie = await loginAs(t.base, 'admin');
  await configure();
  const on = await call(t.base, '/api/config/key/enable_moin_auth', {
    cookie: adminCookie,
    body: { value: 'true' },
  });
  expect(on.status).toBe(200);
});
afterAll(async () => {
  await op?.close();
});

describe('the login page learns about the provider (GET /api/apps/moin)', () => {
  it('offers it with its label only while enable_moin_auth is on', async () => {
    onTestFinished(async () => {
      const on = await call(t.base, '/api/config/key/enable_moin_auth', {
        cookie: adminCookie,
        body: { value: 'true' },
      });
      expect(on.status).toBe(200);
    });
    expect((await call(t.base, '/api/apps/moin')).body).toEqual({
      providers: [{ protocol: 'oidc', label: 'Schulportal' }],
    });
    await call(t.base, '/api/config/key/enable_moin_auth', { cookie: adminCookie, body: { value: 'false' } });
    expect((await call(t.base, '/api/apps/moin')).body).toEqual({ providers: [] });
    const refused = await callError(t.base, '/api/login/oidc', { body: {} });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('sso.not_configured');
  });
});

describe('signing in through the provider', () => {
  it('asks with PKCE (S256), state and nonce, and binds the attempt to the browser by a cookie', async () => {
    const { url, cookie } = await start('/?dialog=settings');
    const auth = new URL(url);
    expect(auth.origin).toBe(op.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(auth.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(auth.searchParams.get('redirect_uri')).toBe(`${t.base}/oidc/callback`);
    expect(auth.searchParams.get('scope')).toBe('openid email profile groups');
    expect(cookie).toMatch(/aula_sso=/);
    // the state is kept only as a hash
    const [row] = await t.database.db
      .select()
      .from(ssoRequests)
      .where(eq(ssoRequests.stateHash, hashToken(auth.searchParams.get('state')!)));
    expect(row).toMatchObject({ provider: 'oidc', returnTo: '/?dialog=settings', usedAt: null });
  });

  it('links the account with the verified e-mail on the first sign-in, then by subject; back to the return path', async () => {
    // an account of its own, never signed in through the provider before
    const lena = await makeUser(t, { email: 'lena.link@demo-schule.example' });
    const res = await signInAs('nrw-lena', '/?dialog=settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ returnTo: '/?dialog=settings', user: { username: lena.username } });
    // a real session: the cookies work
    const self = await call(t.base, '/api/self', { cookie: cookiesFrom(res) });
    expect(self.status).toBe(200);
    const links = await t.database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, lena.id));
    expect(links).toEqual([
      expect.objectContaining({ provider: 'oidc', issuer: op.issuer, subject: 'nrw-lena' }),
    ]);
    expect(await lastAudit(t, 'sso.link')).toMatchObject({ targetId: lena.id });
    expect(await lastAudit(t, 'login.success')).toMatchObject({
      actorId: lena.id,
      details: { method: 'oidc' },
    });
    // the second time the subject decides, even when the address changed meanwhile
    await t.database.db
      .update(users)
      .set({ email: 'lena.neu@demo-schule.example' })
      .where(eq(users.id, lena.id));
    const again = await signInAs('nrw-lena');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ returnTo: '/', user: { username: lena.username } });
  });

  it('never links by an address the provider has not verified, nor a superadmin', async () => {
    for (const sub of ['nrw-ali-unverified', 'nrw-super']) {
      const res = errorOf(await signInAs(sub));
      expect(res.status, sub).toBe(403);
      expect(res.body.code).toBe('sso.no_account');
      expect(cookiesFrom(res)).not.toMatch(/aula_at=[^;]/);
    }
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { reason: 'no_account' } });
  });

  it('creates an account when the school allows it, with teacher and groups from the claims', async () => {
    restoreProviderAfterTest();
    await configure({ createUsers: true });
    const schoolId = await demoSchoolId(t);
    const [roleGroups] = await t.database.db
      .select({ value: config.value })
      .from(config)
      .where(and(eq(config.schoolId, schoolId), eq(config.key, 'role_groups')));
    onTestFinished(() => makeSetting(t, 'role_groups', roleGroups?.value ?? null));
    await t.database.db.execute(
      // the role groups map the directory's "Schulleitung" to admin
      `insert into config (school_id, key, value) select school_id, 'role_groups', '[{"group":"Schulleitung","role":"admin"}]' from users where username = 'admin' on conflict (school_id, key) do update set value = excluded.value` as never,
    );
    const res = answerAs(SsoSessionResultSchema, await signInAs('nrw-nora'));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'nora.neu', first_name: 'Nora', last_name: 'Neu' });
    const [nora] = await t.database.db.select().from(users).where(eq(users.username, 'nora.neu'));
    expect(nora).toMatchObject({ type: 'L', email: 'nora.neu@schule.example', passwordHash: null });
    expect(nora!.roles).toEqual(['admin']);
    expect(await lastAudit(t, 'user.create')).toMatchObject({ targetId: nora!.id, details: { via: 'oidc' } });
  });

  it('refuses a blocked account with the same message as a password sign-in', async () => {
    await makeUser(t, { email: 'blocked.oidc@demo-schule.example', blocked: true });
    const res = errorOf(await signInAs('nrw-blocked'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.account_disabled');
  });
});

describe('answers that must be refused, each with an audit entry', () => {
  it('a state that Aula never issued', async () => {
    const { cookie } = await start();
    const res = errorOf(await complete('?code=abc&state=forged-state-value-000000', cookie));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('sso.state_invalid');
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { reason: 'state_unknown' } });
  });

  it('an answer brought to another browser (login CSRF): the binding cookie is missing', async () => {
    const { url } = await start();
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    const res = errorOf(await complete(back.search, ''));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('sso.state_invalid');
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { reason: 'other_browser' } });
  });

  it('the same answer twice: the second is refused', async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    expect((await complete(back.search, cookie)).status).toBe(200);
    const replay = errorOf(await complete(back.search, cookie));
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('sso.state_invalid');
  });

  it('an answer after ten minutes', async () => {
    restoreClockAfterTest();
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    clock.advance(11 * 60_000);
    const res = errorOf(await complete(back.search, cookie));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('sso.state_invalid');
  });

  it('an ID token whose nonce is not the one Aula sent', async () => {
    const { url, cookie } = await start();
    const state = new URL(url).searchParams.get('state')!;
    await t.database.db
      .update(ssoRequests)
      .set({ nonce: 'another-nonce-than-the-provider-saw' })
      .where(eq(ssoRequests.stateHash, hashToken(state)));
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    const res = errorOf(await complete(back.search, cookie));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('sso.failed');
    expect((await lastAudit(t, 'login.sso_failed'))!.details).toMatchObject({
      reason: expect.stringMatching(/^token:/),
    });
  });

  it('a code exchanged with the wrong PKCE verifier', async () => {
    const { url, cookie } = await start();
    const state = new URL(url).searchParams.get('state')!;
    await t.database.db
      .update(ssoRequests)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(and(eq(ssoRequests.stateHash, hashToken(state))));
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    const res = errorOf(await complete(back.search, cookie));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('sso.failed');
  });

  it('the person cancels at the provider', async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`, { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = errorOf(await complete(back.search, cookie));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('sso.denied');
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({
      details: { reason: 'provider:access_denied' },
    });
  });

  it('return paths to other sites are refused before anything starts', async () => {
    for (const returnTo of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      ' /x',
    ]) {
      const res = await callError(t.base, '/api/login/oidc', { body: { returnTo } });
      expect(res.status, returnTo).toBe(400);
      expect(res.body.code).toBe('common.validation');
      // an open-redirect attempt is on record
      expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({
        details: { provider: 'oidc', reason: 'return_to_offsite' },
      });
    }
  });
});

describe('settings and sign-out', () => {
  it('the client secret is stored sealed and never sent back', async () => {
    // it saves another label (and leaves out the mapping): the provider as the other tests know it afterwards
    restoreProviderAfterTest();
    const view = await call(t.base, '/api/config/oidc', { cookie: adminCookie });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      clientSecretSet: true,
      redirectUri: `${t.base}/oidc/callback`,
      postLogoutRedirectUri: `${t.base}/login?dialog=after-logout`,
    });
    expect(view.text).not.toContain(op.clientSecret);
    const rows = await t.database.db.execute(
      `select value from config where key = 'oidc_client_secret'` as never,
    );
    const stored = (rows as unknown as { rows: { value: string }[] }).rows[0]!.value;
    expect(stored).not.toContain(op.clientSecret);
    // saving without a secret keeps it
    const kept = await call(t.base, '/api/config/oidc', {
      method: 'PUT',
      cookie: adminCookie,
      body: { issuer: op.issuer, clientId: op.clientId, label: 'Schulportal NRW' },
    });
    expect(kept.body).toMatchObject({ clientSecretSet: true, settings: { label: 'Schulportal NRW' } });
  });

  it('an issuer over plain http elsewhere than this machine is refused', async () => {
    restoreProviderAfterTest();
    const res = await call(t.base, '/api/config/oidc', {
      method: 'PUT',
      cookie: adminCookie,
      body: { issuer: 'http://idp.schule.example', clientId: 'x', label: 'x' },
    });
    expect(res.status).toBe(422);
    expect(
      (await callAs(OidcSettingsViewSchema, t.base, '/api/config/oidc', { cookie: adminCookie })).body
        .settings?.issuer,
    ).toBe(op.issuer);
  });

  it('a provider session signs out at the provider too: RP-initiated logout with a valid id_token_hint, after which the provider asks for the password again', async () => {
    const jar: CookieJar = new Map();
    const prompts: string[] = [];
    const first = await start();
    const back = await signInAtProvider(first.url, 'nrw-sara', `${t.base}/oidc/callback`, { jar, prompts });
    const res = await complete(back.search, first.cookie);
    expect(res.status).toBe(200);
    expect(prompts).toContain('login');
    // the ID token is kept with the session, sealed
    const [kept] = await t.database.db.select().from(ssoSessions).orderBy(desc(ssoSessions.id)).limit(1);
    expect(kept).toMatchObject({ provider: 'oidc' });
    expect(kept!.idTokenSealed).toMatch(/^v1\./);

    const out = await callAs(LogoutResultSchema, t.base, '/api/logout', {
      cookie: cookiesFrom(res),
      body: {},
    });
    expect(out.status).toBe(200);
    expect(out.body.urls).toEqual([]);
    const end = new URL(out.body.redirect!);
    expect(`${end.origin}${end.pathname}`).toBe(`${op.issuer}/session/end`);
    // the provider's "sign out?" page may be left unanswered: the next sign-in here is a fresh one anyway
    expect(out.headers.getSetCookie().find((c) => c.startsWith('aula_sso_fresh=1'))).toMatch(/HttpOnly/i);
    expect(end.searchParams.get('client_id')).toBe(op.clientId);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${t.base}/login?dialog=after-logout`);
    expect(kept!.idTokenSealed).not.toContain(end.searchParams.get('id_token_hint')!.split('.')[1]!);
    // the hint is the provider's own ID token for this person and this client, signed with its key
    const [header, payload, signature] = end.searchParams.get('id_token_hint')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: op.issuer, aud: op.clientId, sub: 'nrw-sara' });
    const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString());
    const { keys } = (await (await fetch(`${op.issuer}/jwks`)).json()) as { keys: JsonWebKey[] };
    const jwk = keys.find((k) => (k as { kid?: string }).kid === kid)!;
    const signed = Buffer.from(`${header}.${payload}`);
    expect(
      verify(
        'sha256',
        signed,
        createPublicKey({ key: jwk, format: 'jwk' }),
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    // kept no longer once used, and on record
    expect(await t.database.db.select().from(ssoSessions).where(eq(ssoSessions.id, kept!.id))).toEqual([]);
    expect(await lastAudit(t, 'sso.logout')).toMatchObject({
      details: { provider: 'oidc', via: 'end_session' },
    });

    // the provider accepts the hint and the way back, and ends its session
    const landed = await signOutAtProvider(out.body.redirect!, jar);
    expect(landed.href).toBe(`${t.base}/login?dialog=after-logout`);
    const again = await start();
    const askedAgain: string[] = [];
    await signInAtProvider(again.url, 'nrw-sara', `${t.base}/oidc/callback`, { jar, prompts: askedAgain });
    expect(askedAgain).toContain('login');

    // a password session has no provider to sign out of
    const plain = await call(t.base, '/api/logout', { cookie: await loginAs(t.base, 'teacher'), body: {} });
    expect(plain.body).toEqual({ urls: [] });
  });

  it('without signing out at the provider, its session signs the next person straight in (why the above matters)', async () => {
    const jar: CookieJar = new Map();
    const first = await start();
    await signInAtProvider(first.url, 'nrw-sara', `${t.base}/oidc/callback`, { jar });
    const prompts: string[] = [];
    const next = await start();
    await signInAtProvider(next.url, 'nrw-sara', `${t.base}/oidc/callback`, { jar, prompts });
    expect(prompts).not.toContain('login');
  });

  it('a provider without an end-session endpoint: the next sign-in in this browser forces a fresh authentication (prompt=login, max_age=0), once', async () => {
    const bare = await startOidcProvider({
      redirectUris: [`${t.base}/oidc/callback`],
      accounts: ACCOUNTS,
      endSession: false,
    });
    try {
      await configure({ issuer: bare.issuer, clientId: bare.clientId, clientSecret: bare.clientSecret });
      const jar: CookieJar = new Map();
      const first = await start();
      const back = await signInAtProvider(first.url, 'nrw-mia', `${t.base}/oidc/callback`, { jar });
      const res = await complete(back.search, first.cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);

      const out = await callAs(LogoutResultSchema, t.base, '/api/logout', {
        cookie: cookiesFrom(res),
        body: {},
      });
      expect(out.body).toEqual({ urls: [], providerSignedIn: true });
      const fresh = out.headers.getSetCookie().find((c) => c.startsWith('aula_sso_fresh=1'));
      expect(fresh).toMatch(/HttpOnly/i);
      expect(fresh).toMatch(/SameSite=Lax/i);
      expect(await lastAudit(t, 'sso.logout')).toMatchObject({
        details: { provider: 'oidc', via: 'fresh_sign_in_next' },
      });

      // another browser is not affected (canary)
      expect(new URL((await start()).url).searchParams.get('prompt')).toBeNull();
      // this one is asked for the password although the provider still knows it
      const forced = await callAs(SsoStartResultSchema, t.base, '/api/login/oidc', {
        body: {},
        cookie: 'aula_sso_fresh=1',
      });
      const url = new URL(forced.body.url);
      expect(url.searchParams.get('prompt')).toBe('login');
      expect(url.searchParams.get('max_age')).toBe('0');
      const prompts: string[] = [];
      const again = await signInAtProvider(url.href, 'nrw-mia', `${t.base}/oidc/callback`, { jar, prompts });
      expect(prompts).toContain('login');
      const done = await complete(again.search, `${cookiesFrom(forced)}; aula_sso_fresh=1`);
      expect(done.status).toBe(200);
      // the fresh sign-in happened: the cookie goes
      expect(done.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(true);
    } finally {
      await bare.close();
      await configure();
    }
  });

  it('a provider that ignores prompt=login and max_age=0 is refused while this browser must sign in afresh (audited); an honest answer is accepted', async () => {
    const strict = await startOidcProvider({
      redirectUris: [`${t.base}/oidc/callback`],
      accounts: ACCOUNTS,
      requireAuthTime: true,
    });
    const saved = clock.now();
    try {
      // a second provider is a new issuer: another person, whose account it links by the e-mail address
      for (const [provider, reason, sub] of [
        [op, 'auth_time_missing', 'nrw-sara'],
        [strict, 'not_fresh', 'nrw-mia'],
      ] as const) {
        clock.set(saved);
        await configure({
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
        });
        const jar: CookieJar = new Map();
        const first = await start();
        const back = await signInAtProvider(first.url, sub, `${t.base}/oidc/callback`, { jar });
        const res = await complete(back.search, first.cookie);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const out = await callAs(LogoutResultSchema, t.base, '/api/logout', {
          cookie: cookiesFrom(res),
          body: {},
        });
        expect(out.headers.getSetCookie().some((c) => c.startsWith('aula_sso_fresh=1'))).toBe(true);
        // the pupil leaves the provider's sign-out page alone; the next one starts minutes later
        clock.set(Date.now() + 5 * 60_000);
        const ignoring = async (fresh: boolean) => {
          const forced = await callAs(SsoStartResultSchema, t.base, '/api/login/oidc', {
            body: {},
            cookie: fresh ? 'aula_sso_fresh=1' : '',
          });
          const url = new URL(forced.body.url);
          expect(url.searchParams.get('prompt')).toBe(fresh ? 'login' : null);
          // a provider that ignores both: its old session answers
          url.searchParams.delete('prompt');
          url.searchParams.delete('max_age');
          const prompts: string[] = [];
          const again = await signInAtProvider(url.href, sub, `${t.base}/oidc/callback`, {
            jar,
            prompts,
          });
          expect(prompts).not.toContain('login');
          return complete(again.search, [cookiesFrom(forced), fresh ? 'aula_sso_fresh=1' : ''].join('; '));
        };
        const refused = errorOf(await ignoring(true));
        expect(refused.status, reason).toBe(403);
        expect(refused.body.code).toBe('sso.not_fresh');
        expect(cookiesFrom(refused)).not.toMatch(/aula_at=/);
        expect(refused.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(false);
        expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({
          details: { provider: 'oidc', reason },
        });
        // canary: a browser that did not sign out here is not held to it
        expect((await ignoring(false)).status).toBe(200);
        // the honest way (its clock and Aula's agree again): the provider asks for the password, the cookie goes
        clock.set(Date.now());
        const forced = await callAs(SsoStartResultSchema, t.base, '/api/login/oidc', {
          body: {},
          cookie: 'aula_sso_fresh=1',
        });
        const prompts: string[] = [];
        const honest = await signInAtProvider(forced.body.url, sub, `${t.base}/oidc/callback`, {
          jar,
          prompts,
        });
        expect(prompts).toContain('login');
        const done = await complete(honest.search, `${cookiesFrom(forced)}; aula_sso_fresh=1`);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(true);
      }
    } finally {
      clock.set(saved);
      await strict.close();
      await configure();
    }
  });

  it('the sign-out handle (the sealed ID token) goes when its session is revoked or expires, not only when it signs out', async () => {
    const handleOf = async (sessionCookie: string) => {
      const session = await call(t.base, '/api/self', { cookie: sessionCookie });
      expect(session.status).toBe(200);
      const [row] = await t.database.db.select().from(ssoSessions).orderBy(desc(ssoSessions.id)).limit(1);
      return row!.id;
    };
    const exists = async (id: number) =>
      (await t.database.db.select().from(ssoSessions).where(eq(ssoSessions.id, id))).length === 1;
    restoreClockAfterTest();
    // the account that gets blocked is its own: no other test signs in to it
    const leaving = await makeUser(t, { email: 'leaving.oidc@demo-schule.example' });
    const gone = await signInAs('nrw-leaving');
    expect(gone.status).toBe(200);
    const goneHandle = await handleOf(cookiesFrom(gone));
    const sara = await signInAs('nrw-sara');
    const saraHandle = await handleOf(cookiesFrom(sara));
    const block = (blocked: boolean) =>
      call(t.base, `/api/users/${leaving.id}/block`, { cookie: adminCookie, body: { blocked } });
    expect((await block(true)).status).toBe(200);
    // kept for a minute, for a sign-out that ended it and reads it in the same request
    await start();
    expect(await exists(goneHandle)).toBe(true);
    clock.advance(90_000);
    await start();
    expect(await exists(goneHandle)).toBe(false);
    // a live session keeps its own (canary)
    expect(await exists(saraHandle)).toBe(true);
    // past the session's end (one school day): any sign-out clears it
    clock.advance(13 * 3600_000);
    const teacher = await loginAs(t.base, 'teacher');
    await call(t.base, '/api/logout', { cookie: teacher, body: {} });
    expect(await exists(saraHandle)).toBe(false);
  });

  it('a provider that is down: a clear error, nothing signed in', async () => {
    // a provider of its own to take down: the other tests go on with `op`
    const down = await startOidcProvider({ redirectUris: [`${t.base}/oidc/callback`], accounts: ACCOUNTS });
    onTestFinished(() => down.close());
    restoreProviderAfterTest();
    await configure({ issuer: down.issuer, clientId: down.clientId, clientSecret: down.clientSecret });
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, 'nrw-sara', `${t.base}/oidc/callback`);
    await down.close();
    const res = errorOf(await complete(back.search, cookie));
    // 504, never 502: a 502 is "Aula is down" to the web app (decision 078)
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('sso.provider_unreachable');
  });

  it('a provider that is down when the sign-in starts: 504 sso.provider_unreachable, never 502 or 503', async () => {
    const down = await startOidcProvider({ redirectUris: [`${t.base}/oidc/callback`], accounts: ACCOUNTS });
    restoreProviderAfterTest();
    // its own issuer (a fresh port), so no discovery of it is kept from an earlier test
    await configure({ issuer: down.issuer, clientId: down.clientId, clientSecret: down.clientSecret });
    await down.close();
    const res = await callError(t.base, '/api/login/oidc', { body: {} });
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('sso.provider_unreachable');
    expect(cookiesFrom(res)).not.toContain('aula_sso');
  });
});
