import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { callerIp, jobContext, portalOrigin } from './context.ts';
import { auditLog } from './db/schema.ts';
import { audit } from './modules/audit/audit.service.ts';
import { revokeUserSessions } from './modules/auth/sessions.service.ts';
import { getGroups } from './modules/groups/groups.service.ts';
import { call, demoSchoolId, loginAs, startTestApp, userIds, type TestApp } from './test/test-app.ts';

// Services take a context, never the request (decision 054): work nobody requested just now (a job, an event
// handler) calls the same services with jobContext, and what needs a request refuses without one.
let t: TestApp;
let schoolId = 0;

beforeAll(async () => {
  t = await startTestApp();
  schoolId = await demoSchoolId(t);
});
afterAll(() => t.close());

describe('services without a request (decision 054)', () => {
  it('a job ends a user’s sessions: the signed-in browser’s next request answers 418', async () => {
    const cookie = await loginAs(t.base, 'student');
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    const ids = await userIds(t);
    const ended = await revokeUserSessions(jobContext(t.app, schoolId), ids.get('student')!, 'admin');
    expect(ended).toBeGreaterThan(0);
    const after = await call(t.base, '/api/self', { cookie });
    expect(after.status).toBe(418);
    // the error handler clears the cookies of an ended session (SessionEndedError)
    expect(after.headers.getSetCookie().join(';')).toMatch(/aula_at=;/);
  });

  it('a job’s audit entry names no address and no request; a job reads as nobody', async () => {
    const job = jobContext(t.app, schoolId);
    await audit(job, 'config.change', { details: { key: 'from-a-job' } });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, 'config.change')));
    expect(row).toMatchObject({ ip: null, requestId: null, actorId: null, details: { key: 'from-a-job' } });
    // a service with an access check refuses a context without a user, as it refuses a visitor
    await expect(getGroups(job, {})).rejects.toMatchObject({ status: 401 });
  });

  it('what needs a request refuses without one: limits per address, links without a public URL', () => {
    const job = jobContext(t.app, schoolId);
    expect(() => callerIp(job)).toThrow(/needs a request/);
    expect(() => portalOrigin(job)).toThrow(/no public URL/);
  });
});
