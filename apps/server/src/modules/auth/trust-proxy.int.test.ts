import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { call, startTestApp, type TestApp } from '../../test/test-app.ts';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await startTestApp();
  proxied = await startTestApp({ database: direct.database, demo: false, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

async function failedSignInAddress(app: TestApp, username: string): Promise<string | null> {
  const res = await call(app.base, '/api/login', {
    body: { username, password: 'falsch-falsch' },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  expect(res.status).toBe(401);
  const [row] = await direct.database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login.failed')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.ip ?? null;
}

describe('AULA_TRUST_PROXY', () => {
  it('without it, X-Forwarded-For is ignored: the limits see the connecting address', async () => {
    expect(await failedSignInAddress(direct, 'student')).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, the limits and the audit log see the client address', async () => {
    expect(await failedSignInAddress(proxied, 'student2')).toBe('203.0.113.7');
  });
});
