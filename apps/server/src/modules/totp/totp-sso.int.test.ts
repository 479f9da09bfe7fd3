import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { REAUTH_MAX_AGE_MS, ReauthInfoSchema, SsoStartResultSchema, TotpSetupSchema } from '@aula/contracts';
import { users } from '../../db/schema.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { signInAtIdp, spForIdp, startSamlIdp, type TestSamlIdp } from '../../test/saml-idp.ts';
import {
  call,
  callAs,
  cookiesFrom,
  errorOf,
  DEMO_PASSWORD,
  demoSchoolId,
  loginAs,
  setUpTestApp,
} from '../../test/test-app.ts';
import { totpCodeAt } from '../../lib/totp-codes.ts';

// Issue 32 item 8, decision 079: with force_2fa_teachers, staff who sign in only through the school's
// identity provider (no password here) set up two-factor with a fresh sign-in there instead of a password,
// the same 5-minute check as the re-authentication for impersonation. Real providers: oidc-provider and
// Debian's SimpleSAMLphp, both on loopback.

const t = setUpTestApp();
const clock = t.clock;
/**
 * The providers say when the person authenticated by the real clock; the server's clock is injected. Each
 * test starts with the two agreeing, and only moves the server's on past the 5 minutes.
 */
const providerTime = () => clock.set(Date.now());
beforeEach(providerTime);
let op: TestOidcProvider;
let idp: TestSamlIdp;

const OIDC_ACCOUNTS = [
  { sub: 'nrw-tina', claims: { email: 'tina.sso@demo-schule.example', email_verified: true } },
  { sub: 'nrw-otto', claims: { email: 'otto.sso@demo-schule.example', email_verified: true } },
  { sub: 'nrw-paula', claims: { email: 'paula.pw@demo-schule.example', email_verified: true } },
  { sub: 'nrw-willi', claims: { email: 'willi.sso@demo-schule.example', email_verified: true } },
];

/** Cookie header of a Set-Cookie list merged over an earlier one (a browser's jar for Aula). */
function merge(...headers: string[]): string {
  const jar = new Map<string, string>();
  for (const header of headers)
    for (const part of header.split(/;\s*/)) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const value = part.slice(eq + 1);
      if (value === '') jar.delete(part.slice(0, eq));
      else jar.set(part.slice(0, eq), value);
    }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Signs in through the OIDC provider as a browser holding `cookie` and the provider's `jar` would. */
async function oidcSignIn(
  sub: string,
  opts: { fresh?: boolean; cookie?: string; jar?: Map<string, string> },
) {
  const res = await callAs(SsoStartResultSchema, t.base, '/api/login/oidc', {
    cookie: opts.cookie ?? '',
    body: opts.fresh ? { fresh: true } : {},
  });
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.url);
  const prompts: string[] = [];
  const back = await signInAtProvider(url.href, sub, `${t.base}/oidc/callback`, {
    jar: opts.jar ?? new Map(),
    prompts,
  });
  const done = await call(t.base, '/api/apps/moin/callback', {
    body: { query: back.search },
    cookie: merge(opts.cookie ?? '', cookiesFrom(res)),
  });
  expect(done.status, done.text).toBe(200);
  return { cookie: merge(opts.cookie ?? '', cookiesFrom(done)), url, prompts };
}

/** Signs in through SimpleSAMLphp as a browser holding `cookie` and the provider's `jar` would. */
async function samlSignIn(
  username: string,
  opts: { fresh?: boolean; cookie?: string; jar: Map<string, string> },
) {
  const res = await callAs(SsoStartResultSchema, t.base, '/api/login/saml', {
    cookie: opts.cookie ?? '',
    body: opts.fresh ? { fresh: true } : {},
  });
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.url);
  const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
  const form = await signInAtIdp(url.href, username, undefined, opts.jar);
  const acs = await call(t.base, '/api/login/saml/acs', {
    rawBody: new URLSearchParams(form.fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.url },
    csrf: false,
  });
  expect(acs.status, acs.text).toBe(303);
  const state = new URL(acs.headers.get('location')!, t.base).searchParams.get('state')!;
  const done = await call(t.base, '/api/login/saml/complete', {
    body: { state },
    cookie: merge(opts.cookie ?? '', cookiesFrom(res)),
  });
  expect(done.status, done.text).toBe(200);
  return { cookie: merge(opts.cookie ?? '', cookiesFrom(done)), request };
}

/** the re-authentication answer of an account that signs in through its provider */
const SsoReauthSchema = ReauthInfoSchema.options[1];
const layout = (cookie: string) => call(t.base, '/api/layout', { cookie });
const setup = async (cookie: string) => {
  const res = await callAs(TotpSetupSchema, t.base, '/api/totp/code', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body.secret;
};
const verify = (cookie: string, body: Record<string, unknown>) =>
  call(t.base, '/api/totp/code/verify', { cookie, body });
const totpOn = async (username: string) => {
  const [row] = await t.database.db
    .select({ secret: users.totpSecret })
    .from(users)
    .where(and(eq(users.schoolId, await demoSchoolId(t)), eq(users.username, username)));
  return row!.secret !== null;
};

/** A code for this seed that none of the accepted steps gives. */
async function wrongCode(seed: string): Promise<string> {
  const taken = new Set<string>();
  for (let d = -2; d <= 2; d++) taken.add(await totpCodeAt(seed, new Date(clock.now() + d * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [`${t.base}/oidc/callback`], accounts: OIDC_ACCOUNTS });
  idp = await startSamlIdp(await spForIdp(t.base));
  const admin = await loginAs(t.base, 'admin');
  const oidc = await call(t.base, '/api/config/oidc', {
    method: 'PUT',
    cookie: admin,
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
  expect(
    (await call(t.base, '/api/config/key/enable_moin_auth', { cookie: admin, body: { value: 'true' } }))
      .status,
  ).toBe(200);
  const saml = await call(t.base, '/api/config/saml', {
    method: 'PUT',
    cookie: admin,
    body: {
      enabled: true,
      label: 'Schul-Login',
      linkClaim: 'email',
      linkField: 'email',
      createUsers: false,
      roleClaim: 'eduPersonAffiliation',
      teacherValues: 'teacher',
      groupsClaim: 'memberOf',
      metadataXml: idp.metadataXml,
    },
  });
  expect(saml.status, saml.text).toBe(200);
  const staff = { role: 'teacher' as const, sitePolicyAccepted: true, password: null };
  await makeUser(t, { ...staff, username: 'tina.sso', email: 'tina.sso@demo-schule.example' });
  await makeUser(t, { ...staff, username: 'otto.sso', email: 'otto.sso@demo-schule.example' });
  await makeUser(t, { ...staff, username: 'willi.sso', email: 'willi.sso@demo-schule.example' });
  await makeUser(t, { ...staff, username: 'nora.neu', email: 'nora.neu@schule.example' });
  await makeUser(t, {
    role: 'teacher',
    sitePolicyAccepted: true,
    username: 'paula.pw',
    email: 'paula.pw@demo-schule.example',
  });
  await makeSetting(t, 'force_2fa_teachers', 'true');
});
afterAll(async () => {
  await op?.close();
  await idp?.close();
});

describe('force_2fa_teachers for staff who sign in only through the identity provider (decision 079)', () => {
  it('OIDC: a fresh sign-in at the provider (prompt=login, max_age=0) lets the teacher switch two-factor on, then the tiles answer', async () => {
    const jar = new Map<string, string>();
    const first = await oidcSignIn('nrw-tina', { jar });
    expect(errorOf(await layout(first.cookie)).body.code).toBe('auth.totp_required');
    const seed = await setup(first.cookie);
    // the provider did not say when she authenticated (no max_age asked): no proof of a fresh sign-in
    const info = await call(t.base, '/api/login/reauth', { cookie: first.cookie });
    expect(info.body).toEqual({ method: 'sso', protocol: 'oidc', label: 'Schulportal', freshUntil: null });
    const code = await totpCodeAt(seed, clock());
    const stale = errorOf(await verify(first.cookie, { code }));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('auth.reauth_required');
    expect(await totpOn('tina.sso')).toBe(false);

    // "sign in again": the provider is asked for the password although it still holds her session
    const again = await oidcSignIn('nrw-tina', { fresh: true, cookie: first.cookie, jar });
    expect(again.url.searchParams.get('prompt')).toBe('login');
    expect(again.url.searchParams.get('max_age')).toBe('0');
    expect(again.prompts).toContain('login');
    const fresh = await callAs(SsoReauthSchema, t.base, '/api/login/reauth', { cookie: again.cookie });
    // five minutes from when the provider says she authenticated (never later than now here)
    expect(fresh.body.freshUntil).toBeGreaterThan(clock.now() + REAUTH_MAX_AGE_MS - 5_000);
    expect(fresh.body.freshUntil).toBeLessThanOrEqual(clock.now() + REAUTH_MAX_AGE_MS);
    // the pending seed lived on the server: the code from the app scanned before still fits
    expect(await setup(again.cookie)).toBe(seed);
    const ok = await verify(again.cookie, { code });
    expect(ok.status, ok.text).toBe(200);
    expect(await totpOn('tina.sso')).toBe(true);
    expect((await layout(again.cookie)).status).toBe(200);
  });

  it('a fresh sign-in older than 5 minutes (by the clock) is refused with the re-authentication error', async () => {
    const fresh = await oidcSignIn('nrw-otto', { fresh: true });
    const seed = await setup(fresh.cookie);
    clock.advance(REAUTH_MAX_AGE_MS + 1_000);
    const refused = errorOf(await verify(fresh.cookie, { code: await totpCodeAt(seed, clock()) }));
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auth.reauth_required');
    expect(await totpOn('otto.sso')).toBe(false);
    expect(errorOf(await layout(fresh.cookie)).body.code).toBe('auth.totp_required');
    // a password proves nothing for an account without one
    const guessed = await verify(fresh.cookie, {
      code: await totpCodeAt(seed, clock()),
      password: 'anything',
    });
    expect(guessed.status).toBe(401);
    expect(await totpOn('otto.sso')).toBe(false);
  });

  it('a wrong code still counts after a fresh sign-in: refused, two-factor stays off', async () => {
    const fresh = await oidcSignIn('nrw-willi', { fresh: true });
    const seed = await setup(fresh.cookie);
    const wrong = errorOf(await verify(fresh.cookie, { code: await wrongCode(seed) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.wrong_code');
    expect(await totpOn('willi.sso')).toBe(false);
    expect(errorOf(await layout(fresh.cookie)).body.code).toBe('auth.totp_required');
    // the refusal was the code's alone: the right one, within the same fresh sign-in, switches it on
    const right = await verify(fresh.cookie, { code: await totpCodeAt(seed, clock()) });
    expect(right.status, right.text).toBe(200);
  });

  it('canary: an account with a password still needs it, however fresh its provider sign-in', async () => {
    const fresh = await oidcSignIn('nrw-paula', { fresh: true });
    expect((await call(t.base, '/api/login/reauth', { cookie: fresh.cookie })).body).toEqual({
      method: 'password',
    });
    const seed = await setup(fresh.cookie);
    const code = await totpCodeAt(seed, clock());
    const none = errorOf(await verify(fresh.cookie, { code }));
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('common.validation');
    const wrong = errorOf(await verify(fresh.cookie, { code, password: 'not-her-password' }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('auth.wrong_password');
    expect(await totpOn('paula.pw')).toBe(false);
    const right = await verify(fresh.cookie, { code, password: DEMO_PASSWORD });
    expect(right.status, right.text).toBe(200);
    expect(await totpOn('paula.pw')).toBe(true);
  });

  it('SAML: ForceAuthn and a fresh AuthnInstant let the teacher switch two-factor on; turning it off needs a fresh one again', async () => {
    const jar = new Map<string, string>();
    const first = await samlSignIn('nora', { jar });
    expect(first.request).not.toContain('ForceAuthn="true"');
    const seed = await setup(first.cookie);
    const info = await callAs(SsoReauthSchema, t.base, '/api/login/reauth', {
      cookie: first.cookie,
    });
    expect([info.body.protocol, info.body.label]).toEqual(['saml', 'Schul-Login']);
    clock.advance(REAUTH_MAX_AGE_MS + 1_000);
    const code = () => totpCodeAt(seed, clock());
    const stale = errorOf(await verify(first.cookie, { code: await code() }));
    expect(stale.body.code).toBe('auth.reauth_required');
    providerTime();

    // the provider still holds her session; ForceAuthn makes it show the login form again
    const again = await samlSignIn('nora', { fresh: true, cookie: first.cookie, jar });
    expect(again.request).toContain('ForceAuthn="true"');
    const ok = await verify(again.cookie, { code: await code() });
    expect(ok.status, ok.text).toBe(200);
    expect(await totpOn('nora.neu')).toBe(true);
    expect((await layout(again.cookie)).status).toBe(200);

    clock.advance(REAUTH_MAX_AGE_MS + 1_000);
    const off = () => call(t.base, '/api/totp/code', { method: 'DELETE', cookie: again.cookie, body: {} });
    const refused = errorOf(await off());
    expect(refused.body.code).toBe('auth.reauth_required');
    expect(await totpOn('nora.neu')).toBe(true);
    providerTime();
    const last = await samlSignIn('nora', { fresh: true, cookie: again.cookie, jar });
    const done = await call(t.base, '/api/totp/code', { method: 'DELETE', cookie: last.cookie, body: {} });
    expect(done.status, done.text).toBe(200);
    expect(await totpOn('nora.neu')).toBe(false);
  });
});
