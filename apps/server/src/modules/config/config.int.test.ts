import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '@aula/contracts';
import { call, demoSchoolId, startTestApp, type TestApp } from '../../test/test-app.ts';
import { upsertConfigValue } from './config.repo.ts';

let t: TestApp;
const CANARY = 'chat,canary-4f1c9e';
beforeAll(async () => {
  t = await startTestApp();
  await upsertConfigValue(t.database.db, await demoSchoolId(t), 'enabled_features', CANARY);
});
afterAll(() => t?.close());

describe('POST /api/config/key', () => {
  it('serves the keys of spec 3.5 with their defaults', async () => {
    const res = await call(t.base, '/api/config/key', { body: ['password_length', 'allow_no_login'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ password_length: '10', allow_no_login: 'true' });
  });

  it('never serves the server-only enabled_features, alone or among served keys', async () => {
    for (const body of [['enabled_features'], ['password_length', 'enabled_features']]) {
      const res = await call(t.base, '/api/config/key', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('common.validation');
      expect(res.text).not.toContain('canary');
    }
    const all = await call(t.base, '/api/config/key', { body: [...CONFIG_KEYS] });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).not.toContain('enabled_features');
    expect(all.text).not.toContain('canary');
  });
});
