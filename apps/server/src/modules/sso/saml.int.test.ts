import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { and, desc, eq, gt, inArray, isNotNull, max } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  LogoutResultSchema,
  SamlSettingsViewSchema,
  ServerStatusSchema,
  SsoInfoSchema,
  SsoSessionResultSchema,
  SsoStartResultSchema,
} from '@aula/contracts';
import {
  auditLog,
  config,
  externalIdentities,
  groupMembers,
  groups,
  ssoRequests,
  ssoSessions,
  users,
} from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
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
  userIds,
} from '../../test/test-app.ts';
import { makeKeyPair, signInAtIdp, spForIdp, startSamlIdp, type TestSamlIdp } from '../../test/saml-idp.ts';
import {
  forgeLogoutRequest,
  forgeResponse,
  newSamlId,
  redirectQuery,
  type ForgeOptions,
} from '../../test/saml-forge.ts';

// issue 7 (SAML), SECURITY.md (the ACS: signature, audience, time, InResponseTo kept server-side, assertion ids
// never reused; same-origin return paths); docs/decisions/040-saml-sign-in.md. A real SAML identity provider:
// Debian's SimpleSAMLphp on loopback.

let idp: TestSamlIdp;
let adminCookie = '';
let ids: Map<string, number>;
let sp: { entityId: string; acsUrl: string; metadataUrl: string };
let strangerKeys: { keyPem: string; certPem: string };
let keyDir = '';

const MAPPING = {
  label: 'Schul-Login',
  linkClaim: 'email',
  linkField: 'email',
  createUsers: false,
  roleClaim: 'eduPersonAffiliation',
  teacherValues: 'teacher',
  groupsClaim: 'memberOf',
};

async function configure(overrides: Record<string, unknown> = {}, metadataXml = idp.metadataXml) {
  const res = await call(t.base, '/api/config/saml', {
    method: 'PUT',
    cookie: adminCookie,
    body: { enabled: true, ...MAPPING, metadataXml, ...overrides },
  });
  expect(res.status, res.text).toBe(200);
  return answerAs(SamlSettingsViewSchema, res);
}

/**
 * The provider as most tests need it: set up from SimpleSAMLphp's metadata, switched on, with MAPPING. Saving
 * the same again changes nothing, so every test that signs in calls it first (beforeEach) instead of relying
 * on a test before it.
 */
function configureProvider() {
  return configure();
}

/** A test that saves other settings (or another provider) puts the usual ones back when it finishes. */
function restoreProviderAfterTest() {
  onTestFinished(async () => {
    await configure();
  });
}

const SAML_KEYS = ['saml', 'saml_idp'];

/** Nothing set up for this test: no settings, no provider; what was there comes back when it finishes. */
async function clearProvider() {
  const schoolId = await demoSchoolId(t);
  const stored = await t.database.db
    .select()
    .from(config)
    .where(and(eq(config.schoolId, schoolId), inArray(config.key, SAML_KEYS)));
  onTestFinished(async () => {
    for (const key of SAML_KEYS)
      await makeSetting(t, key, stored.find((row) => row.key === key)?.value ?? null);
  });
  for (const key of SAML_KEYS) await makeSetting(t, key, null);
}

/**
 * The account the provider makes for Nora (createUsers) goes again when the test that made it finishes: the
 * test of account creation needs her unknown here, and the one that refuses "nobody" needs createUsers off.
 */
function forgetNoraAfterTest() {
  onTestFinished(async () => {
    const schoolId = await demoSchoolId(t);
    await t.database.db
      .delete(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.username, 'nora.neu')));
  });
}

/** Starts at Aula as a browser would: the provider's address and the browser-binding cookie. */
async function start(returnTo?: string) {
  const res = await callAs(SsoStartResultSchema, t.base, '/api/login/saml', {
    body: returnTo === undefined ? {} : { returnTo },
  });
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.url);
  return { url: url.href, cookie: cookiesFrom(res), requestId: await requestIdOf(url) };
}

/** The AuthnRequest's ID, read from the deflated request as the provider would. */
async function requestIdOf(url: URL): Promise<string> {
  const { inflateRawSync } = await import('node:zlib');
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
  return xml.match(/ID="([^"]+)"/)![1]!;
}

/** The provider's page posting its form to the ACS: cross-site, no CSRF header, no Aula cookies. */
function postToAcs(fields: Record<string, string>) {
  return call(t.base, '/api/login/saml/acs', {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.url },
    csrf: false,
  });
}

function complete(state: string, cookie: string) {
  return call(t.base, '/api/login/saml/complete', { body: { state }, cookie });
}

/** The whole round trip through SimpleSAMLphp; answers the completion's response. */
async function signInAs(username: string, returnTo?: string) {
  const { url, cookie } = await start(returnTo);
  const form = await signInAtIdp(url, username);
  expect(form.action).toBe(sp.acsUrl);
  const acs = await postToAcs(form.fields);
  expect(acs.status).toBe(303);
  const location = new URL(acs.headers.get('location')!, t.base);
  expect(location.pathname, location.href).toBe('/saml/callback');
  return complete(location.searchParams.get('state')!, cookie);
}

function forge(overrides: Partial<ForgeOptions> & { inResponseTo?: string }): string {
  return forgeResponse({
    idpEntityId: idp.entityId,
    acsUrl: sp.acsUrl,
    audience: sp.entityId,
    nameId: 'sara',
    attributes: { email: ['student@demo-schule.example'] },
    sign: 'assertion',
    keyPem: idp.keyPem,
    certPem: idp.certPem,
    ...overrides,
  });
}

/** The refusals audited since `afterId`. */
async function refusalsSince(afterId: number) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login.sso_failed'), gt(auditLog.id, afterId)));
  return rows.map((r) => r.details);
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** An answer to a fresh request: refused at the ACS with `code`, and exactly one audit entry with `reason`. */
async function expectAcsRefuses(samlResponse: (requestId: string) => string, code: string, reason: string) {
  const { requestId } = await start();
  const before = await lastAuditId();
  const res = await postToAcs({ SAMLResponse: samlResponse(requestId) });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`/login?sso=${code}`);
  expect(cookiesFrom(res)).not.toMatch(/aula_at=/);
  expect(await refusalsSince(before)).toEqual([{ provider: 'saml', reason }]);
}

/** A forged answer to a fresh request: refused at the ACS with `code`, audited with `reason`. */
function expectRefused(overrides: Partial<ForgeOptions>, code: string, reason: string) {
  return expectAcsRefuses((requestId) => forge({ inResponseTo: requestId, ...overrides }), code, reason);
}

const t = setUpTestApp();
beforeAll(async () => {
  sp = {
    entityId: `${t.base}/api/login/saml/metadata`,
    acsUrl: `${t.base}/api/login/saml/acs`,
    metadataUrl: `${t.base}/api/login/saml/metadata`,
  };
  // SimpleSAMLphp knows Aula's logout service and certificate, as a school registers them from the metadata
  idp = await startSamlIdp(await spForIdp(t.base));
  keyDir = mkdtempSync(join(tmpdir(), 'aula-saml-keys-'));
  strangerKeys = makeKeyPair(keyDir, 'stranger', 'Not the school');
  ids = await userIds(t);
  adminCookie = await loginAs(t.base, 'admin');
});
afterAll(async () => {
  await idp?.close();
  if (keyDir) rmSync(keyDir, { recursive: true, force: true });
});

describe('the admin sets up the provider from its metadata', () => {
  it('shows the addresses to register before anything is set, and the login page offers nothing', async () => {
    await clearProvider();
    const view = await call(t.base, '/api/config/saml', { cookie: adminCookie });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      settings: null,
      idp: null,
      sp: {
        ...sp,
        sloUrl: `${t.base}/api/login/saml/slo`,
        certificate: expect.objectContaining({ subject: `CN=${new URL(t.base).host}` }),
      },
    });
    expect((await call(t.base, '/api/apps/moin')).body).toEqual({ providers: [] });
    expect((await callError(t.base, '/api/login/saml', { body: {} })).body.code).toBe('sso.not_configured');
  });

  it('refuses metadata it cannot use with a reason, and stores nothing', async () => {
    await clearProvider();
    const cases: [string, string][] = [
      ['not xml at all', 'not_xml'],
      ['<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', 'not_xml'],
      ['<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>', 'no_idp'],
      [idp.metadataXml.replace(/<ds:X509Certificate>[^<]+</g, '<ds:X509Certificate><'), 'no_certificate'],
      [idp.metadataXml.replace(/HTTP-Redirect/g, 'HTTP-Artifact'), 'no_redirect_binding'],
    ];
    for (const [xml, reason] of cases) {
      const res = await call(t.base, '/api/config/saml', {
        method: 'PUT',
        cookie: adminCookie,
        body: { enabled: true, ...MAPPING, metadataXml: xml },
      });
      expect(res.status, reason).toBe(422);
      expect(res.body).toMatchObject({ code: 'sso.saml_metadata_invalid', params: { reason } });
    }
    // without any metadata there is nothing to sign in with
    const none = await call(t.base, '/api/config/saml', {
      method: 'PUT',
      cookie: adminCookie,
      body: { enabled: true, ...MAPPING },
    });
    expect(none.status).toBe(422);
    expect(
      (await callAs(SamlSettingsViewSchema, t.base, '/api/config/saml', { cookie: adminCookie })).body
        .settings,
    ).toBeNull();
  });

  it('reads entity id, sign-in address and certificate from the metadata; the login page offers it', async () => {
    const res = await configure();
    expect(res.body.idp).toMatchObject({
      entityId: idp.entityId,
      ssoUrl: `${idp.url}/saml2/idp/SSOService.php`,
      certificates: [
        expect.objectContaining({ subject: expect.stringContaining('Aula test identity provider') }),
      ],
    });
    expect(res.body.idp?.certificates[0]?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(await lastAudit(t, 'config.change')).toMatchObject({
      details: { key: 'saml', enabled: true, idp: idp.entityId },
    });
    const status = await callAs(ServerStatusSchema, t.base, '/api/status', { cookie: adminCookie });
    expect(status.body.integrations.saml).toBe('configured');
    // a later save without metadata keeps the provider
    const kept = await configure({ label: 'Schul-Login' }, '');
    expect(kept.body.idp?.entityId).toBe(idp.entityId);
    expect((await call(t.base, '/api/apps/moin')).body).toEqual({
      providers: [{ protocol: 'saml', label: 'Schul-Login' }],
    });
  });

  it('publishes Aula as a service provider: entity id, ACS with the POST binding, signed assertions wanted', async () => {
    const res = await call(t.base, '/api/login/saml/metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/samlmetadata\+xml/);
    expect(res.text).toContain(`entityID="${sp.entityId}"`);
    expect(res.text).toMatch(/WantAssertionsSigned="true"/);
    expect(res.text).toContain(
      `Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${sp.acsUrl}"`,
    );
    // single logout: Aula's signing certificate and its logout service (HTTP-Redirect binding)
    expect(res.text).toMatch(
      /<KeyDescriptor use="signing">\s*<ds:KeyInfo>\s*<ds:X509Data>\s*<ds:X509Certificate>[\w+/=]{500,}</,
    );
    expect(res.text).toContain(
      `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${t.base}/api/login/saml/slo"/>`,
    );
    // the key pair is made once and kept: the same certificate every time
    const certOf = (xml: string) => xml.match(/<ds:X509Certificate>([^<]+)</)?.[1];
    expect(certOf((await call(t.base, '/api/login/saml/metadata')).text)).toBe(certOf(res.text));
  });

  it('lets only admins read or change the settings', async () => {
    for (const who of ['student', 'teacher']) {
      const cookie = await loginAs(t.base, who);
      expect((await call(t.base, '/api/config/saml', { cookie })).status, who).toBe(403);
      const put = await call(t.base, '/api/config/saml', {
        method: 'PUT',
        cookie,
        body: { enabled: false, ...MAPPING },
      });
      expect(put.status, who).toBe(403);
    }
    expect((await call(t.base, '/api/config/saml')).status).toBe(401);
  });
});

describe('signing in through SimpleSAMLphp', () => {
  beforeEach(configureProvider);

  it('links the account by the e-mail attribute, then by the name id; back to the return path', async () => {
    // Sara's first sign-in here: other tests sign her in too (the provider knows no one else with an account
    // here), so the link they made goes first; her address comes back when the test finishes
    const studentId = ids.get('student')!;
    await t.database.db
      .delete(externalIdentities)
      .where(and(eq(externalIdentities.userId, studentId), eq(externalIdentities.provider, 'saml')));
    const [before] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, studentId));
    onTestFinished(async () => {
      await t.database.db.update(users).set({ email: before!.email }).where(eq(users.id, studentId));
    });
    const [newest] = await t.database.db.select({ id: max(ssoRequests.id) }).from(ssoRequests);
    const res = await signInAs('sara', '/?dialog=settings');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ returnTo: '/?dialog=settings', user: { username: 'student' } });
    expect((await call(t.base, '/api/self', { cookie: cookiesFrom(res) })).status).toBe(200);
    const links = await t.database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, ids.get('student')!));
    expect(links).toEqual([
      expect.objectContaining({ provider: 'saml', issuer: idp.entityId, subject: 'sara' }),
    ]);
    expect(await lastAudit(t, 'login.success')).toMatchObject({
      actorId: ids.get('student'),
      details: { method: 'saml' },
    });
    // the claimed identity (names, address) is not kept beside the account (this sign-in's requests; other
    // tests leave answers nobody claimed)
    expect(
      await t.database.db
        .select()
        .from(ssoRequests)
        .where(and(gt(ssoRequests.id, newest?.id ?? 0), isNotNull(ssoRequests.identity))),
    ).toEqual([]);
    // the second time the name id decides, even when the address changed meanwhile
    await t.database.db
      .update(users)
      .set({ email: 'sara.neu@demo-schule.example' })
      .where(eq(users.id, ids.get('student')!));
    const again = await signInAs('sara');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ returnTo: '/', user: { username: 'student' } });
  });

  it('creates a teacher with her groups when the school allows it', async () => {
    restoreProviderAfterTest();
    forgetNoraAfterTest();
    await configure({ createUsers: true }, '');
    const res = answerAs(SsoSessionResultSchema, await signInAs('nora'));
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'nora.neu', first_name: 'Nora', last_name: 'Neu' });
    const [nora] = await t.database.db.select().from(users).where(eq(users.username, 'nora.neu'));
    expect(nora).toMatchObject({ type: 'L', email: 'nora.neu@schule.example', passwordHash: null });
    const memberOf = await t.database.db
      .select({ name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, nora!.id));
    expect(memberOf.map((g) => g.name)).toContain('5a');
    expect(await lastAudit(t, 'user.create')).toMatchObject({ targetId: nora!.id, details: { via: 'saml' } });
  });

  it('refuses someone without an account here, with the reason audited', async () => {
    const res = errorOf(await signInAs('nobody'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('sso.no_account');
    expect(cookiesFrom(res)).not.toMatch(/aula_at=[^;]/);
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { provider: 'saml' } });
  });

  it('accepts the ACS post without the CSRF header; every other SAML write still needs it', async () => {
    const noHeader = await callError(t.base, '/api/login/saml', { body: {}, csrf: false });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.code).toBe('common.csrf');
    const completeNoHeader = await callError(t.base, '/api/login/saml/complete', {
      body: { state: 'x'.repeat(40) },
      csrf: false,
    });
    expect(completeNoHeader.body.code).toBe('common.csrf');
  });
});

describe('the assertion consumer service refuses what it must (audited, never a session)', () => {
  beforeEach(configureProvider);

  it('an assertion for another service provider (wrong audience)', async () => {
    await expectRefused({ audience: 'https://other-portal.example/saml' }, 'sso.failed', 'audience');
  });

  it('an assertion from another issuer, even one signed with the provider key', async () => {
    await expectRefused({ idpEntityId: 'https://other-tenant.idp.example' }, 'sso.failed', 'issuer');
  });

  it('a signed assertion re-wrapped to answer another request, or for another ACS', async () => {
    // the envelope names this request, the signed confirmation none or another one
    await expectRefused({ subjectInResponseTo: null }, 'sso.failed', 'subject_confirmation');
    await expectRefused({ subjectInResponseTo: newSamlId() }, 'sso.state_invalid', 'in_response_to');
    await expectRefused(
      { recipient: 'https://other-portal.example/saml/acs' },
      'sso.failed',
      'subject_confirmation',
    );
  });

  it('a second, unsigned assertion smuggled in beside the signed one', async () => {
    await expectAcsRefuses(
      (requestId) => {
        const signed = Buffer.from(forge({ inResponseTo: requestId }), 'base64').toString();
        const smuggled = Buffer.from(
          forge({ inResponseTo: requestId, nameId: 'admin', sign: 'none' }),
          'base64',
        )
          .toString()
          .match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
        const xml = signed.replace('</samlp:Response>', `${smuggled}</samlp:Response>`);
        return Buffer.from(xml).toString('base64');
      },
      'sso.failed',
      'signature',
    );
  });

  it('an assertion not valid yet', async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    await expectRefused({ notBefore: soon }, 'sso.failed', 'not_yet_valid');
  });

  it('an expired assertion', async () => {
    const past = new Date(Date.now() - 60 * 60_000);
    await expectRefused(
      { issueInstant: past, notBefore: past, notOnOrAfter: new Date(past.getTime() + 5 * 60_000) },
      'sso.failed',
      'expired',
    );
  });

  it('an unsigned assertion, and one signed by a stranger', async () => {
    await expectRefused({ sign: 'none' }, 'sso.failed', 'signature');
    await expectRefused(strangerKeys, 'sso.failed', 'signature');
    // a signed envelope around an unsigned assertion is not enough (SECURITY.md: signed assertions only)
    await expectRefused({ sign: 'response' }, 'sso.failed', 'signature');
  });

  it('an answer to a request this server never made, and one without InResponseTo (IdP-initiated)', async () => {
    await expectRefused({ inResponseTo: newSamlId() }, 'sso.state_invalid', 'in_response_to');
    await expectRefused({ inResponseTo: undefined }, 'sso.state_invalid', 'in_response_to');
  });

  it('a replayed answer from the real provider', async () => {
    const { url } = await start();
    const form = await signInAtIdp(url, 'sara');
    expect((await postToAcs(form.fields)).status).toBe(303);
    const replay = await postToAcs(form.fields);
    expect(replay.headers.get('location')).toBe('/login?sso=sso.state_invalid');
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { reason: 'in_response_to' } });
  });

  it('an assertion id seen before, even in an answer to another request', async () => {
    const assertionId = newSamlId();
    const first = await start();
    const ok = await postToAcs({ SAMLResponse: forge({ inResponseTo: first.requestId, assertionId }) });
    expect(ok.headers.get('location')).toMatch(/^\/saml\/callback\?state=/);
    await expectRefused({ assertionId }, 'sso.failed', 'assertion_replayed');
  });

  it('a handle claimed by another browser, or twice; a RelayState never decides where to go', async () => {
    const { requestId, cookie } = await start('/kalender');
    const acs = await postToAcs({
      SAMLResponse: forge({ inResponseTo: requestId }),
      RelayState: 'https://evil.example/phish',
    });
    const state = new URL(acs.headers.get('location')!, t.base).searchParams.get('state')!;
    const other = errorOf(await complete(state, ''));
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('sso.state_invalid');
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({ details: { reason: 'other_browser' } });
    // the handle is single-use: taken by the refused attempt, it cannot be claimed afterwards either
    expect((await complete(state, cookie)).status).toBe(400);

    // with the right browser: lands on the path given at the start, not on the RelayState
    const second = await start('/kalender');
    const acs2 = await postToAcs({
      SAMLResponse: forge({ inResponseTo: second.requestId }),
      RelayState: 'https://evil.example/phish',
    });
    const state2 = new URL(acs2.headers.get('location')!, t.base).searchParams.get('state')!;
    const done = answerAs(SsoSessionResultSchema, await complete(state2, second.cookie));
    expect(done.status).toBe(200);
    expect(done.body.returnTo).toBe('/kalender');
  });

  it('return paths off this site at the start, audited as such', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const before = await lastAuditId();
      const res = await callError(t.base, '/api/login/saml', { body: { returnTo } });
      expect(res.status, returnTo).toBe(400);
      expect(res.body.code).toBe('common.validation');
      expect(await refusalsSince(before)).toEqual([{ provider: 'saml', reason: 'return_to_offsite' }]);
    }
  });

  it('a handle that is unknown, or the pending request id passed off as one', async () => {
    const { requestId, cookie } = await start();
    for (const state of ['x'.repeat(43), requestId]) {
      const before = await lastAuditId();
      const res = errorOf(await complete(state, cookie));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('sso.state_invalid');
      expect(await refusalsSince(before)).toEqual([{ provider: 'saml', reason: 'state_unknown' }]);
    }
    // the pending request was not used up by that: the provider's answer to it still works
    const res = await postToAcs({ SAMLResponse: forge({ inResponseTo: requestId }) });
    expect(res.headers.get('location')).toMatch(/^\/saml\/callback\?state=/);
  });

  it('any answer while SAML is switched off', async () => {
    restoreProviderAfterTest();
    const { requestId } = await start();
    await configure({ enabled: false }, '');
    const res = await postToAcs({ SAMLResponse: forge({ inResponseTo: requestId }) });
    expect(res.headers.get('location')).toBe('/login?sso=sso.not_configured');
    expect((await callAs(SsoInfoSchema, t.base, '/api/apps/moin')).body.providers).toEqual([]);
  });
});

/** Follows the provider's redirects as the browser holding `jar`, until it is sent back to Aula. */
async function followToAula(start: string, jar: Map<string, string>): Promise<URL> {
  let url = start;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      jar.set(kv!.slice(0, kv!.indexOf('=')), kv!.slice(kv!.indexOf('=') + 1));
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(
        `the provider stopped at ${res.status}: ${(await res.text())
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 1500)}`,
      );
    const next = new URL(location, url);
    if (next.origin === t.base) return next;
    url = next.href;
  }
  throw new Error('too many steps at the provider');
}

/** Signs in through SimpleSAMLphp as the browser holding `jar`; answers the session cookies. */
async function signInWithJar(username: string, jar: Map<string, string>, startCookie = '') {
  const res = await callAs(SsoStartResultSchema, t.base, '/api/login/saml', {
    body: {},
    cookie: startCookie,
  });
  const form = await signInAtIdp(res.body.url, username, undefined, jar);
  const acs = await postToAcs(form.fields);
  const state = new URL(acs.headers.get('location')!, t.base).searchParams.get('state')!;
  const done = await complete(state, [cookiesFrom(res), startCookie].filter(Boolean).join('; '));
  expect(done.status, done.text).toBe(200);
  return { cookie: cookiesFrom(done), authnRequest: new URL(res.body.url), done };
}

/** A message at the SLO address that the provider did not sign: the same page, no audit entry, no cookie. */
async function expectIgnored(search: string) {
  const before = await lastAuditId();
  const res = await call(t.base, `/api/login/saml/slo${search}`);
  expect(res.status, search).toBe(303);
  expect(res.headers.get('location'), search).toBe('/login?dialog=after-logout&sso=sso.logout_failed');
  expect(res.headers.getSetCookie(), search).toEqual([]);
  expect(await lastAuditId(), search).toBe(before);
}

/** A message the provider signed but Aula refuses: the same page, and the reason on record. */
async function expectAuditedRefusal(search: string, reason: string) {
  const res = await call(t.base, `/api/login/saml/slo${search}`);
  expect(res.status, reason).toBe(303);
  expect(res.headers.get('location'), reason).toBe('/login?dialog=after-logout&sso=sso.logout_failed');
  expect(await lastAudit(t, 'sso.logout_failed'), reason).toMatchObject({
    details: { provider: 'saml', reason },
  });
}

const xmlOf = (url: URL, param: string) =>
  inflateRawSync(Buffer.from(url.searchParams.get(param)!, 'base64')).toString();

describe('signing out through single logout (SAML 2.0 SLO, HTTP-Redirect)', () => {
  beforeEach(configureProvider);

  it('sends a signed LogoutRequest naming the session; the provider signs out and answers; the next sign-in asks for the password again', async () => {
    await configure();
    const jar = new Map<string, string>();
    const { cookie, authnRequest } = await signInWithJar('sara', jar);
    // requests are signed with Aula's key (SimpleSAMLphp checks it: validate.authnrequest)
    expect(authnRequest.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const [kept] = await t.database.db.select().from(ssoSessions).orderBy(desc(ssoSessions.id)).limit(1);
    expect(kept).toMatchObject({ provider: 'saml', nameId: 'sara' });
    expect(kept!.sessionIndex).toBeTruthy();
    // without signing out there, the provider signs the same browser straight in (why this matters)
    await expect(signInAtIdp((await start()).url, 'sara', undefined, new Map(jar))).rejects.toThrow(
      /no login form/,
    );

    const out = await callAs(LogoutResultSchema, t.base, '/api/logout', { cookie, body: {} });
    expect(out.status).toBe(200);
    const request = new URL(out.body.redirect!);
    expect(`${request.origin}${request.pathname}`).toBe(`${idp.url}/saml2/idp/SingleLogoutService.php`);
    expect(request.searchParams.get('Signature')).toBeTruthy();
    const xml = xmlOf(request, 'SAMLRequest');
    expect(xml).toContain('>sara</saml:NameID>');
    expect(xml).toContain(`>${kept!.sessionIndex}</saml2p:SessionIndex>`);
    expect(await lastAudit(t, 'sso.logout')).toMatchObject({
      details: { provider: 'saml', via: 'single_logout' },
    });
    // whatever becomes of the LogoutResponse, this browser's next sign-in there is a fresh one
    expect(out.headers.getSetCookie().find((c) => c.startsWith('aula_sso_fresh=1'))).toMatch(/HttpOnly/i);

    const back = await followToAula(request.href, jar);
    expect(back.pathname).toBe('/api/login/saml/slo');
    expect(back.searchParams.get('Signature')).toBeTruthy();
    // unsigned, with its signature broken, or no message at all: not the provider's, so neither audited
    // nor answered with a cookie (anyone may send these, review finding 9)
    for (const search of [
      back.search.replace(/&Signature=[^&]+/, ''),
      back.search.replace(/Signature=[^&]{8}/, 'Signature=AAAAAAAA'),
      '?x',
      '',
      '?SAMLResponse=AAAA&SigAlg=x&Signature=AAAA',
    ])
      await expectIgnored(search);
    // the real answer still counts (refusals use nothing up), once
    const answer = await call(t.base, `${back.pathname}${back.search}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login?dialog=after-logout');
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await lastAudit(t, 'sso.logout')).toMatchObject({
      details: { provider: 'saml', via: 'single_logout', confirmed: true },
    });
    // the provider's session is gone: its login form again
    const form = await signInAtIdp((await start()).url, 'sara', undefined, jar);
    expect(form.fields.SAMLResponse).toBeTruthy();

    // the provider's genuine answer once more: its signature holds, so the refusal is on record
    await expectAuditedRefusal(back.search, 'in_response_to');
  });

  it('the provider signs the person out everywhere (IdP-initiated): the Aula session named ends, and the provider gets a signed answer', async () => {
    await configure();
    const jar = new Map<string, string>();
    const { cookie } = await signInWithJar('sara', jar);
    const other = await signInWithJar('sara', new Map());
    const everywhere = `${idp.url}/saml2/idp/SingleLogoutService.php?ReturnTo=${encodeURIComponent(`${t.base}/login`)}`;
    const request = await followToAula(everywhere, jar);
    expect(request.pathname).toBe('/api/login/saml/slo');
    expect(xmlOf(request, 'SAMLRequest')).toContain('>sara<');
    // unsigned: refused, nothing ends
    const unsigned = await call(
      t.base,
      `/api/login/saml/slo${request.search.replace(/&Signature=[^&]+/, '')}`,
    );
    expect(unsigned.headers.get('location')).toBe('/login?dialog=after-logout&sso=sso.logout_failed');
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);

    const answer = await call(t.base, `${request.pathname}${request.search}`);
    expect(answer.status).toBe(302);
    const response = new URL(answer.headers.get('location')!);
    expect(`${response.origin}${response.pathname}`).toBe(`${idp.url}/saml2/idp/SingleLogoutService.php`);
    expect(response.searchParams.get('Signature')).toBeTruthy();
    expect(xmlOf(response, 'SAMLResponse')).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    // SimpleSAMLphp checks Aula's signature on the answer and finishes at the ReturnTo address
    expect((await followToAula(response.href, jar)).href).toBe(`${t.base}/login`);
    // the session of that sign-in (its SessionIndex) ended; Sara's other sign-in elsewhere did not
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(418);
    expect((await call(t.base, '/api/self', { cookie: other.cookie })).status).toBe(200);
    expect(await lastAudit(t, 'sso.logout')).toMatchObject({
      details: { provider: 'saml', via: 'idp_initiated', sessions: 1 },
    });
  });

  it('a provider without single logout: the next sign-in in this browser sends ForceAuthn, and the provider asks again', async () => {
    restoreProviderAfterTest();
    await configure({}, idp.metadataXml.replace(/<md:SingleLogoutService[^>]*\/>/g, ''));
    const jar = new Map<string, string>();
    const { cookie } = await signInWithJar('sara', jar);
    const out = await callAs(LogoutResultSchema, t.base, '/api/logout', { cookie, body: {} });
    expect(out.body).toEqual({ urls: [], providerSignedIn: true });
    expect(out.headers.getSetCookie().find((c) => c.startsWith('aula_sso_fresh=1'))).toMatch(/HttpOnly/i);
    expect(await lastAudit(t, 'sso.logout')).toMatchObject({
      details: { provider: 'saml', via: 'fresh_sign_in_next' },
    });
    // another browser asks as before (canary)
    expect(xmlOf(new URL((await start()).url), 'SAMLRequest')).not.toContain('ForceAuthn="true"');
    // this one asks for a fresh authentication, and gets the login form although the provider still knows it
    const again = await signInWithJar('sara', jar, 'aula_sso_fresh=1');
    expect(xmlOf(again.authnRequest, 'SAMLRequest')).toContain('ForceAuthn="true"');
    expect(again.done.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(true);
  });

  it("a genuine signed LogoutRequest with another spliced in cannot end someone else's sessions (refused, audited); replayed or old ones neither", async () => {
    // the attacker is a teacher with an account made by the provider
    restoreProviderAfterTest();
    forgetNoraAfterTest();
    await configure({ createUsers: true });
    const sloUrl = `${t.base}/api/login/saml/slo`;
    const victim = await signInWithJar('sara', new Map());
    // the attacker signs in with his own account and has the provider sign him out everywhere, but keeps
    // the provider's signed LogoutRequest instead of delivering it
    const jar = new Map<string, string>();
    const attacker = await signInWithJar('nora', jar);
    const everywhere = `${idp.url}/saml2/idp/SingleLogoutService.php?ReturnTo=${encodeURIComponent(`${t.base}/login`)}`;
    const own = await followToAula(everywhere, jar);
    expect(own.pathname).toBe('/api/login/saml/slo');
    expect(xmlOf(own, 'SAMLRequest')).toContain('>nora.neu</saml:NameID>');
    // an unsigned request naming the victim, without SessionIndex: all of her sessions
    const forged = redirectQuery(
      'SAMLRequest',
      forgeLogoutRequest({ idpEntityId: idp.entityId, destination: sloUrl, nameId: 'sara' }),
      null,
    );
    const before = await lastAuditId();
    await expectAuditedRefusal(`${own.search}&${forged}`, 'duplicate_parameter');
    expect(await lastAuditId()).toBe(before + 1);
    // spliced in front, the signature covers nothing that is read: not the provider's message
    await expectIgnored(`?${forged}&${own.search.slice(1)}`);
    expect((await call(t.base, '/api/self', { cookie: victim.cookie })).status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie: attacker.cookie })).status).toBe(200);

    // canary: the provider's request alone ends the attacker's own session
    const genuine = await call(t.base, `/api/login/saml/slo${own.search}`);
    expect(genuine.status).toBe(302);
    expect((await call(t.base, '/api/self', { cookie: attacker.cookie })).status).toBe(418);
    // once: the same request again is a replay
    const attackerAgain = await signInWithJar('nora', new Map());
    await expectAuditedRefusal(own.search, 'replayed');
    expect((await call(t.base, '/api/self', { cookie: attackerAgain.cookie })).status).toBe(200);

    // a request signed by the provider but issued ten minutes ago is refused; the same made now is not
    const signedRequest = (issueInstant: Date) =>
      `?${redirectQuery(
        'SAMLRequest',
        forgeLogoutRequest({ idpEntityId: idp.entityId, destination: sloUrl, nameId: 'sara', issueInstant }),
        idp.keyPem,
      )}`;
    await expectAuditedRefusal(signedRequest(new Date(Date.now() - 10 * 60_000)), 'too_old');
    expect((await call(t.base, '/api/self', { cookie: victim.cookie })).status).toBe(200);
    expect((await call(t.base, `/api/login/saml/slo${signedRequest(new Date())}`)).status).toBe(302);
    expect((await call(t.base, '/api/self', { cookie: victim.cookie })).status).toBe(418);
  });

  it('a provider that ignores ForceAuthn is refused while this browser must sign in afresh (audited); a fresh AuthnInstant is accepted', async () => {
    await configure();
    const attempt = async (fresh: boolean, authnInstant: Date) => {
      const cookie = fresh ? 'aula_sso_fresh=1' : '';
      const res = await callAs(SsoStartResultSchema, t.base, '/api/login/saml', { body: {}, cookie });
      const url = new URL(res.body.url);
      expect(xmlOf(url, 'SAMLRequest').includes('ForceAuthn="true"')).toBe(fresh);
      const acs = await postToAcs({
        SAMLResponse: forge({ inResponseTo: await requestIdOf(url), authnInstant }),
      });
      const state = new URL(acs.headers.get('location')!, t.base).searchParams.get('state')!;
      return complete(state, [cookiesFrom(res), cookie].filter(Boolean).join('; '));
    };
    // the provider answered from the session it already had, an hour old
    const old = new Date(Date.now() - 3600_000);
    const refused = errorOf(await attempt(true, old));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('sso.not_fresh');
    expect(cookiesFrom(refused)).not.toMatch(/aula_at=/);
    expect(refused.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(false);
    expect(await lastAudit(t, 'login.sso_failed')).toMatchObject({
      details: { provider: 'saml', reason: 'not_fresh' },
    });
    // canary: a browser that did not sign out here is not held to it
    expect((await attempt(false, old)).status).toBe(200);
    // the person authenticated just now: accepted, and the cookie goes
    const done = await attempt(true, new Date());
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.headers.getSetCookie().some((c) => /^aula_sso_fresh=;/.test(c))).toBe(true);
  });
});
