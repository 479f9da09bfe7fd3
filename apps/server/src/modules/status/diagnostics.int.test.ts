import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { apps, auditLog, errorLog } from '../../db/schema.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import { ErrorPageSchema, LogPageSchema, ServerStatusSchema, StatisticsSchema } from '@aula/contracts';
import type { z } from 'zod';
import { call, callAs, demoSchoolId, loginAs, setUpTestApp, userIds } from '../../test/test-app.ts';

let schoolId = 0;
let ids = new Map<string, number>();
const cookies: Record<string, string> = {};
const ENDPOINTS = ['/api/status', '/api/statistics', '/api/logs', '/api/logs/full', '/api/errors'];

const t = setUpTestApp();
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  ids = await userIds(t);
  for (const name of ['student', 'teacher', 'teacher2', 'admin', 'superadmin'])
    cookies[name] = await loginAs(t.base, name);
});

const get = (path: string, who = 'admin') => call(t.base, path, { cookie: cookies[who] });
/** a 2xx answer, checked against the contract's schema */
const getAs = <S extends z.ZodType>(schema: S, path: string, who = 'admin') =>
  callAs(schema, t.base, path, { cookie: cookies[who] });
const today = () => new Date().toISOString().slice(0, 10);

describe('access', () => {
  it('students and teachers get 403 on every diagnostics endpoint, signed-out callers 401', async () => {
    for (const path of ENDPOINTS) {
      expect((await get(path, 'student')).status, path).toBe(403);
      expect((await get(path, 'teacher')).status, path).toBe(403);
      expect((await call(t.base, path)).status, path).toBe(401);
      expect((await get(path, 'admin')).status, path).toBe(200);
    }
  });
});

describe('GET /api/status', () => {
  it('shows the API, the database with its latency, version, uptime, mail mode and outside systems', async () => {
    const res = await getAs(ServerStatusSchema, '/api/status');
    expect(res.body).toMatchObject({
      api: 'up',
      db: 'up',
      mail: 'outbox',
      integrations: {
        video: 'not_configured',
        oidc: 'not_configured',
        saml: 'not_configured',
        push: 'not_configured',
      },
    });
    expect(res.body.dbLatencyMs).toBeGreaterThanOrEqual(0);
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(typeof res.body.version).toBe('string');
    expect(Date.parse(res.body.startedAt)).not.toBeNaN();
  });
});

describe('GET /api/statistics', () => {
  it('counts sign-ins, active users, devices and tile opens per school, and names nobody', async () => {
    const before = await getAs(StatisticsSchema, '/api/statistics?days=7');
    expect(before.status).toBe(200);
    expect(before.body.days).toHaveLength(7);
    expect(before.body.to).toBe(today());
    const todayBefore = before.body.days.at(-1);

    await loginAs(t.base, 'student2');
    const [book] = await t.database.db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.schoolId, schoolId), eq(apps.title, 'Klassenbuch')));
    for (const who of ['student', 'student', 'teacher'])
      expect(
        (await call(t.base, `/api/layout/${book!.id}/new`, { method: 'PATCH', cookie: cookies[who] })).status,
      ).toBe(204);
    const device = await call(t.base, '/api/statistics?id=abcDEF123', {
      method: 'POST',
      cookie: cookies.student,
    });
    expect(device.status).toBe(204);

    const res = await getAs(StatisticsSchema, '/api/statistics?days=7');
    const day = res.body.days.at(-1);
    expect(day).toEqual({
      day: today(),
      signIns: todayBefore!.signIns + 1,
      activeUsers: todayBefore!.activeUsers + 1,
    });
    expect(day?.activeUsers).toBe(6);
    expect(res.body.activeUsers).toEqual({ day1: 6, day7: 6, day30: 6 });
    expect(res.body.devices).toBe(1);
    expect(res.body.tileOpens).toContainEqual({ appId: book!.id, title: 'Klassenbuch', count: 3 });
    expect(res.body.totals.tileOpens).toBe(3);
    expect(res.body.totals.signIns).toBe(day?.signIns);
    expect(res.body.totals.users).toBeGreaterThanOrEqual(8);
    for (const name of ids.keys()) expect(res.text).not.toContain(`"${name}"`);
    expect(res.text).not.toMatch(/username|lara|demo-/);
  });

  it('refuses a period that is not a number of days from 1 to 366', async () => {
    for (const q of ['days=0', 'days=367', 'days=abc', 'days=7&user=1'])
      expect((await get(`/api/statistics?${q}`)).status, q).toBe(400);
    expect((await getAs(StatisticsSchema, '/api/statistics')).body.days).toHaveLength(30);
  });
});

describe('GET /api/logs', () => {
  it('filters by action and pages newest first, with the display names of actor and target', async () => {
    const signIns = await getAs(LogPageSchema, '/api/logs?action=login.success&perPage=100');
    expect(signIns.status).toBe(200);
    expect(signIns.body.total).toBeGreaterThanOrEqual(5);
    expect(signIns.body.items.every((e) => e.action === 'login.success')).toBe(true);
    const first = signIns.body.items[0];
    expect(first?.actor).toMatchObject({ id: expect.any(Number), username: expect.any(String) });
    expect(first?.ip).toBeTruthy();

    const page1 = await getAs(LogPageSchema, '/api/logs?action=login.success&perPage=2&page=1');
    const page2 = await getAs(LogPageSchema, '/api/logs?action=login.success&perPage=2&page=2');
    expect(page1.body).toMatchObject({ page: 1, perPage: 2, total: signIns.body.total });
    expect(page2.body.items.map((e) => e.id)).toEqual(signIns.body.items.slice(2, 4).map((e) => e.id));
    const idsInOrder = signIns.body.items.map((e) => e.id);
    expect(idsInOrder).toEqual([...idsInOrder].sort((a, b) => b - a));
  });

  it('filters by actor name and by days', async () => {
    const mine = await getAs(LogPageSchema, '/api/logs?actor=teacher2');
    expect(mine.body.total).toBeGreaterThanOrEqual(1);
    for (const e of mine.body.items) expect(e.actor?.id).toBe(ids.get('teacher2'));
    expect(
      (await getAs(LogPageSchema, `/api/logs?from=${today()}&to=${today()}`)).body.total,
    ).toBeGreaterThanOrEqual(5);
    expect((await getAs(LogPageSchema, '/api/logs?to=2000-01-01')).body.total).toBe(0);
    expect((await getAs(LogPageSchema, '/api/logs?actor=%25')).body.total).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const q of [
      'page=0',
      'perPage=1000',
      'from=yesterday',
      'action=DROP%20TABLE',
      'from=2026-02-01&to=2026-01-01',
    ])
      expect((await get(`/api/logs?${q}`)).status, q).toBe(400);
  });
});

describe('GET /api/logs/full', () => {
  it('is a UTF-8 CSV download with a header, and cells a spreadsheet would run are defused', async () => {
    const evil = await makeUser(t, {
      username: 'evil',
      firstName: '=cmd|calc',
      lastName: 'X',
      password: null,
    });
    await t.database.db
      .insert(auditLog)
      .values({ schoolId, action: 'config.change', actorId: evil.id, ip: '@1', details: { a: 'b,"c"' } });

    // its own entry only, by its actor: other tests write config changes too
    const res = await get('/api/logs/full?action=config.change&actor=evil');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="aula-audit-log-.*\.csv"$/);
    const bytes = new Uint8Array(
      await (
        await fetch(`${t.base}/api/logs/full?action=config.change&actor=evil`, {
          headers: { cookie: cookies.admin! },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,at,action,actor,actor_name,target,target_name,ip,request_id,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",evil,'=cmd|calc X,,,'@1,,");
    expect(lines[1]).toContain('"{""a"":""b,\\""c\\""""}"');

    const exported = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, 'data.export')))
      .orderBy(asc(auditLog.id));
    expect(exported.at(-1)?.details).toMatchObject({ export: 'audit_log', rows: 1, truncated: false });
  });
});

describe('GET /api/errors', () => {
  it('records a 500 with its route pattern and error code, never SQL or the URL', async () => {
    const db = t.database.db;
    await db.insert(errorLog).values(
      Array.from({ length: 1000 }, (_, i) => ({
        schoolId,
        at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
        method: 'GET',
        route: '/api/old',
        status: 500,
        name: 'Error',
        message: '',
      })),
    );
    await db.execute(sql`alter table app_open_days rename to app_open_days_gone`);
    let failed;
    try {
      failed = await get('/api/statistics?days=7');
    } finally {
      await db.execute(sql`alter table app_open_days_gone rename to app_open_days`);
    }
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get('x-request-id');

    let page = await getAs(ErrorPageSchema, '/api/errors?perPage=5');
    for (let i = 0; i < 50 && page.body.items[0]?.requestId !== requestId; i++) {
      await new Promise((r) => setTimeout(r, 20));
      page = await getAs(ErrorPageSchema, '/api/errors?perPage=5');
    }
    expect(page.body.items[0]).toMatchObject({
      requestId,
      method: 'GET',
      route: '/api/statistics',
      status: 500,
      message: '42P01',
    });
    expect(page.text).not.toMatch(/app_open_days|select|days=7/);
    // at most MAX_ERROR_LOG_ROWS per school: the oldest went
    const [kept] = await db.select({ n: count() }).from(errorLog).where(eq(errorLog.schoolId, schoolId));
    expect(kept!.n).toBe(1000);
    expect(page.body.total).toBe(1000);
    expect((await get('/api/errors?perPage=5&page=0')).status).toBe(400);
  });
});

describe('GET /api/status with the school identity provider', () => {
  it('shows the identity provider as configured once the school has set it up, never its secret', async () => {
    // the other status test expects no provider: this one takes its set-up away again, whatever happens
    onTestFinished(async () => {
      await makeSetting(t, 'oidc', null);
      await makeSetting(t, 'oidc_client_secret', null);
    });
    const saved = await call(t.base, '/api/config/oidc', {
      method: 'PUT',
      cookie: cookies.admin,
      body: {
        issuer: 'https://login.schule.example',
        clientId: 'aula',
        clientSecret: 'status-canary-secret',
        label: 'Schulportal',
      },
    });
    expect(saved.status).toBe(200);
    const res = await getAs(ServerStatusSchema, '/api/status');
    expect(res.body.integrations).toEqual({
      video: 'not_configured',
      oidc: 'configured',
      saml: 'not_configured',
      push: 'not_configured',
    });
    expect(res.text).not.toContain('status-canary-secret');
  });
});
