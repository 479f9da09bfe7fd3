import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { call, setUpTestApp, type TestApp } from '../../test/test-app.ts';

// two apps on one database: one reached directly, one behind a proxy on loopback
const direct = setUpTestApp();
const proxied = setUpTestApp({ databaseOf: direct, demo: false, trustProxy: ['127.0.0.1'] });

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
