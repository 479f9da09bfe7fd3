import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import { SchoolIdentitySchema } from '@aula/contracts';
import { answerAs, call, errorOf, setUpTestApp, type CallOptions } from '../../test/test-app.ts';

// issue 19 item 5 and 6: the school's identity and whether mail leaves the server (decision 059)

const cookies = new Map<string, string>();
const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'teacher', 'admin', 'superadmin']) cookies.set(name, await t.loginAs(name));
});

const as = (actor: string | null, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { ...(actor ? { cookie: cookies.get(actor) } : {}), ...opts });
const save = (actor: string | null, body: unknown) => as(actor, '/api/config/school', { body });
const reset = async () => {
  await makeSetting(t, 'school_name', null);
  await makeSetting(t, 'accent_color', null);
};
const auditEntries = async () =>
  (
    await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'config.change'),
          sql`${auditLog.details}->>'key' in ('school_name', 'accent_color')`,
        ),
      )
      .orderBy(asc(auditLog.id))
  ).map((r) => r.details);

describe('school identity (GET and POST /api/config/school)', () => {
  it('visitors read it: no name, no accent, no logo, and no mail transport by default', async () => {
    await reset();
    const res = await as(null, '/api/config/school');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: '', accent: '', logoUrl: null, mailTransport: false });
  });

  it('visitors, students and teachers may not change it (401, 403) and nothing changes', async () => {
    await reset();
    const body = { name: 'Falsche Schule', accent: '#1d4ed8' };
    expect((await save(null, body)).status).toBe(401);
    for (const actor of ['student', 'teacher']) expect((await save(actor, body)).status).toBe(403);
    // the generic settings route is no way around it either
    expect(
      (await as('teacher', '/api/config/key/school_name', { body: { value: 'Falsche Schule' } })).status,
    ).toBe(403);
    expect((await as(null, '/api/config/school')).body).toMatchObject({ name: '', accent: '' });
  });

  it('an admin sets name and accent; everyone reads them, the config keys carry them, each change is audited', async () => {
    await reset();
    const before = (await auditEntries()).length;
    const res = await save('admin', { name: '  Gesamtschule am See  ', accent: '#1D4ED8' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Gesamtschule am See', accent: '#1d4ed8' });
    expect((await as('student', '/api/config/school')).body).toMatchObject({
      name: 'Gesamtschule am See',
      accent: '#1d4ed8',
    });
    const keys = await call(t.base, '/api/config/key', { body: ['school_name', 'accent_color'] });
    expect(keys.body).toEqual({ school_name: 'Gesamtschule am See', accent_color: '#1d4ed8' });
    expect((await auditEntries()).slice(before)).toEqual([
      { key: 'school_name', old: '', new: 'Gesamtschule am See' },
      { key: 'accent_color', old: '', new: '#1d4ed8' },
    ]);
    // saving the same again changes nothing and writes no entry
    expect((await save('admin', { name: 'Gesamtschule am See', accent: '#1d4ed8' })).status).toBe(200);
    expect((await auditEntries()).length).toBe(before + 2);
    // a superadmin is an admin too (spec 6, cumulative)
    expect((await save('superadmin', { name: '', accent: '' })).body).toMatchObject({ name: '', accent: '' });
  });

  it('refuses a name too long or with control characters, a colour not #rrggbb, and unknown fields (400)', async () => {
    await reset();
    await save('admin', { name: 'Schule', accent: '#1d4ed8' });
    const bad = [
      { name: 'x'.repeat(81), accent: '' },
      { name: 'Schule\u0000', accent: '' },
      { name: 'Zeile\nZwei', accent: '' },
      { name: 'Schule', accent: 'red' },
      { name: 'Schule', accent: '#fff' },
      { name: 'Schule', accent: '#12345g' },
      { name: 'Schule', accent: '#1d4ed8; background:url(x)' },
      { name: 'Schule', accent: 'javascript:alert(1)' },
      { name: 'Schule' },
      { name: 'Schule', accent: '', logo: '/x.png' },
    ];
    for (const body of bad) expect((await save('admin', body)).status, JSON.stringify(body)).toBe(400);
    // 80 characters are allowed
    expect((await save('admin', { name: 'x'.repeat(80), accent: '' })).status).toBe(200);
    await save('admin', { name: 'Schule', accent: '#1d4ed8' });
    expect((await as(null, '/api/config/school')).body).toMatchObject({ name: 'Schule', accent: '#1d4ed8' });
  });

  it('refuses an accent white text is hard to read on (below 4.5:1) with the ratio, on both routes (422)', async () => {
    await reset();
    // yellow (1.07:1) and #777777 (4.48:1, just below) are refused; #767676 (4.54:1) is the lightest grey allowed
    for (const accent of ['#ffff00', '#777777']) {
      const res = errorOf(await save('admin', { name: '', accent }));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('config.low_contrast');
    }
    expect(errorOf(await save('admin', { name: '', accent: '#ffff00' })).body.params).toEqual({ ratio: 1 });
    expect(errorOf(await save('admin', { name: '', accent: '#777777' })).body.params).toEqual({ ratio: 4.4 });
    const generic = await as('admin', '/api/config/key/accent_color', { body: { value: '#ffff00' } });
    expect(generic.status).toBe(422);
    expect(answerAs(SchoolIdentitySchema, await as(null, '/api/config/school')).body.accent).toBe('');
    expect((await save('admin', { name: '', accent: '#767676' })).status).toBe(200);
    expect(answerAs(SchoolIdentitySchema, await as(null, '/api/config/school')).body.accent).toBe('#767676');
  });

  it('the logo URL is the uploaded replacement', async () => {
    await makeSetting(t, 'logo_replacement', '/api/config/logo/image?v=7');
    expect(answerAs(SchoolIdentitySchema, await as(null, '/api/config/school')).body.logoUrl).toBe(
      '/api/config/logo/image?v=7',
    );
    await makeSetting(t, 'logo_replacement', null);
  });
});

describe('with a mail transport (issue 19 item 6)', () => {
  const withMail = setUpTestApp(() => ({ databaseOf: t, mail: { smtpUrl: 'smtp://127.0.0.1:9' } }));
  it('says so to visitors, so the reset page may promise an e-mail', async () => {
    expect(answerAs(SchoolIdentitySchema, await withMail.call('/api/config/school')).body.mailTransport).toBe(
      true,
    );
    expect(answerAs(SchoolIdentitySchema, await t.call('/api/config/school')).body.mailTransport).toBe(false);
  });
});

describe('the web manifest (the installed app takes the school name)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'aula-manifest-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({ id: '/', name: 'Aula', short_name: 'Aula', start_url: '/', display: 'standalone' }),
  );
  const web = setUpTestApp(() => ({ databaseOf: t, webDist: dist }));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const manifest = async () => {
    const res = await fetch(`${web.base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    return (await res.json()) as Record<string, unknown>;
  };

  it('names Aula without a school name, the school with one; a long name keeps Aula as the short name', async () => {
    await reset();
    expect(await manifest()).toMatchObject({ name: 'Aula', short_name: 'Aula', start_url: '/' });
    await save('admin', { name: 'KGS Nord', accent: '' });
    expect(await manifest()).toMatchObject({
      name: 'KGS Nord',
      short_name: 'KGS Nord',
      display: 'standalone',
    });
    await save('admin', { name: 'Gesamtschule am See "</script>', accent: '' });
    expect(await manifest()).toMatchObject({ name: 'Gesamtschule am See "</script>', short_name: 'Aula' });
    await reset();
  });
});
