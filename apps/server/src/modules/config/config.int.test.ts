import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigMapSchema, SettingsValuesSchema } from '@aula/contracts';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { call, callAs, callError, loginAs, setUpTestApp } from '../../test/test-app.ts';
import { makeSetting } from '../../test/factories.ts';

const CANARY = 'chat,canary-4f1c9e';
const cookies = new Map<string, string>();
const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'teacher', 'admin']) cookies.set(name, await loginAs(t.base, name));
  await makeSetting(t, 'enabled_features', CANARY);
});

describe('POST /api/config/key', () => {
  it('serves the keys of spec 3.5 with their defaults', async () => {
    for (const key of ['password_length', 'allow_no_login']) await makeSetting(t, key, null); // none set
    const res = await call(t.base, '/api/config/key', { body: ['password_length', 'allow_no_login'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ password_length: '10', allow_no_login: 'true' });
  });

  it('never serves the server-only enabled_features, alone or among served keys', async () => {
    for (const body of [['enabled_features'], ['password_length', 'enabled_features']]) {
      const res = await callError(t.base, '/api/config/key', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('common.validation');
      expect(res.text).not.toContain('canary');
    }
    const all = await callAs(ConfigMapSchema, t.base, '/api/config/key', { body: [...CONFIG_KEYS] });
    expect(all.status).toBe(200);
    // the keys as sent (a parsed body has only the schema's)
    expect(Object.keys(JSON.parse(all.text) as object)).not.toContain('enabled_features');
    expect(all.text).not.toContain('canary');
  });
});

const setKey = (who: string, key: string, value: unknown) =>
  call(t.base, `/api/config/key/${key}`, { cookie: cookies.get(who), body: { value } });

describe('settings (GET /api/config/settings, POST /api/config/key/:key)', () => {
  it('students and teachers get 403', async () => {
    for (const who of ['student', 'teacher']) {
      expect((await call(t.base, '/api/config/settings', { cookie: cookies.get(who) })).status).toBe(403);
      expect((await setKey(who, 'allow_no_login', 'false')).status).toBe(403);
      expect(
        (await call(t.base, '/api/translation/imprint', { cookie: cookies.get(who), body: { de: 'x' } }))
          .status,
      ).toBe(403);
    }
  });

  it('lists every settings key with defaults, never role_groups or banner', async () => {
    for (const key of ['password_length', 'embed_allowed_hosts']) await makeSetting(t, key, null); // none set
    const res = await callAs(SettingsValuesSchema, t.base, '/api/config/settings', {
      cookie: cookies.get('admin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.password_length).toBe('10');
    expect(res.body.embed_allowed_hosts).toBe('');
    const sent = Object.keys(JSON.parse(res.text) as object);
    expect(sent).not.toContain('role_groups');
    expect(sent).not.toContain('banner');
  });

  it('validates each key type: good, bad and out of range', async () => {
    const cases: [string, string, number][] = [
      ['allow_no_login', 'false', 200],
      ['allow_no_login', 'yes', 422],
      ['password_length', '12', 200],
      ['password_length', '7', 422],
      ['password_length', '129', 422],
      ['password_length', '1.5', 422],
      ['logout_on_idle_time', '1441', 422],
      ['login_bg_strat', 'cover', 200],
      ['login_bg_strat', 'stretch', 422],
      ['enabled_features', 'chat,push', 200],
      ['enabled_features', 'chat,nope', 422],
      ['embed_allowed_hosts', 'intranet.school.test\nwiki.local', 200],
      ['embed_allowed_hosts', 'http://bad/', 422],
    ];
    for (const [key, value, status] of cases) {
      const res = await setKey('admin', key, value);
      expect([key, value, res.status]).toEqual([key, value, status]);
      if (status === 422) expect(res.body).toMatchObject({ code: 'config.invalid_value', params: { key } });
    }
    expect((await setKey('admin', 'no_such_key', 'x')).status).toBe(404);
    expect((await setKey('admin', 'role_groups', '[]')).status).toBe(404);
    expect((await setKey('admin', 'allow_no_login', 1)).status).toBe(400);
    const hosts = await callAs(SettingsValuesSchema, t.base, '/api/config/settings', {
      cookie: cookies.get('admin'),
    });
    expect(hosts.body.embed_allowed_hosts).toBe('intranet.school.test,wiki.local');
  });

  it('a change is audited with old and new value and served by POST /api/config/key', async () => {
    await makeSetting(t, 'password_length', '12');
    expect((await setKey('admin', 'password_length', '14')).body).toEqual({
      key: 'password_length',
      value: '14',
    });
    const res = await call(t.base, '/api/config/key', { body: ['password_length'] });
    expect(res.body).toEqual({ password_length: '14' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'config.change'))
      .orderBy(asc(auditLog.id));
    expect(rows.at(-1)?.details).toEqual({ key: 'password_length', old: '12', new: '14' });
  });
});

describe('texts (GET /api/config/key/:key/:lang, POST /api/translation/:key and /api/config/key/:key)', () => {
  const read = (key: string, lang: string, who?: string) =>
    call(t.base, `/api/config/key/${key}/${lang}`, { cookie: who ? cookies.get(who) : undefined });
  const save = (key: string, body: object) =>
    call(t.base, `/api/translation/${key}`, { cookie: cookies.get('admin'), body });

  it('stores per language, falls back to German then any language, and a visitor reads the imprint', async () => {
    expect((await read('imprint', 'en')).body).toEqual({
      key: 'imprint',
      lang: 'en',
      text: '',
      fallback: false,
    });
    expect((await save('imprint', { de: 'Impressum', fa: 'فارسی' })).body).toEqual({
      de: 'Impressum',
      fa: 'فارسی',
    });
    expect((await read('imprint', 'fa')).body).toEqual({
      key: 'imprint',
      lang: 'fa',
      text: 'فارسی',
      fallback: false,
    });
    expect((await read('imprint', 'en')).body).toMatchObject({ text: 'Impressum', fallback: true });
    expect((await save('imprint', { de: '' })).body).toEqual({ fa: 'فارسی' });
    expect((await read('imprint', 'ar')).body).toMatchObject({ text: 'فارسی', fallback: true });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'config.text'))
      .orderBy(asc(auditLog.id));
    expect(rows.at(-1)?.details).toEqual({ key: 'imprint', langs: ['de'] });
  });

  it('POST /api/config/key/:key stores the terms per language too; the wrong shape is 422 and changes nothing', async () => {
    const post = (key: string, body: object, who = 'admin') =>
      call(t.base, `/api/config/key/${key}`, { cookie: cookies.get(who), body });
    expect((await post('terms', { de: 'Regeln', ar: 'قواعد' })).body).toEqual({ de: 'Regeln', ar: 'قواعد' });
    expect((await read('terms', 'ar')).body).toMatchObject({ text: 'قواعد', fallback: false });
    expect((await post('terms', { value: 'x' })).status).toBe(422);
    expect((await post('password_length', { de: 'x' })).status).toBe(422);
    expect((await post('terms', { de: 'Andere' }, 'teacher')).status).toBe(403);
    expect((await read('terms', 'de')).body).toMatchObject({ text: 'Regeln' });
  });

  it('lang all is for admins only', async () => {
    await save('help.home', { en: 'Help' });
    expect((await read('help.home', 'all', 'admin')).body).toEqual({
      key: 'help.home',
      texts: { en: 'Help' },
    });
    expect((await read('help.home', 'all', 'student')).status).toBe(403);
    expect((await read('help.home', 'all')).status).toBe(401);
  });

  it('the German login message answers login_msg in POST /api/config/key', async () => {
    await save('login_msg', { de: 'Willkommen', en: 'Welcome' });
    expect((await call(t.base, '/api/config/key', { body: ['login_msg'] })).body).toEqual({
      login_msg: 'Willkommen',
    });
  });

  it('unknown keys give 404, too long texts 400', async () => {
    expect((await read('help.nope', 'de')).status).toBe(404);
    expect((await save('nope', { de: 'x' })).status).toBe(404);
    expect((await read('imprint', 'xx')).status).toBe(400);
    expect((await save('terms', { de: 'x'.repeat(20_001) })).status).toBe(400);
  });
});
