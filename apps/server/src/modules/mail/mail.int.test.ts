import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema.ts';
import { makeSchool } from '../../test/factories.ts';
import { MailOutboxPageSchema } from '@aula/contracts';
import { call, callAs, demoSchoolId, loginAs, setUpTestApp, startTestApp } from '../../test/test-app.ts';
import { sendMail } from './mail.service.ts';

const t = setUpTestApp({ now: '2026-03-02T08:00:00Z' });
const clock = t.clock;
let schoolId: number;
let superadminId: number;

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  const [sa] = await t.database.db.select().from(users).where(eq(users.username, 'superadmin'));
  superadminId = sa!.id;
  // three mails a minute apart, one to the superadmin, and one of another school
  for (const [i, userId] of [null, superadminId, null].entries()) {
    clock.advance(60_000);
    await sendMail(t.app, {
      schoolId,
      userId,
      to: [`person${i}@example.org`],
      subject: `Mail ${i}`,
      text: `Body ${i}`,
    });
  }
  const other = await makeSchool(t, { slug: 'andere', name: 'Andere Schule', host: 'andere.example' });
  await sendMail(t.app, {
    schoolId: other.id,
    userId: null,
    to: ['x@andere.example'],
    subject: 'Fremd',
    text: 'x',
  });
});

describe('GET /api/mail/outbox', () => {
  it("lists the school's mails newest first, page by page, with their bodies while no SMTP is set", async () => {
    const cookie = await loginAs(t.base, 'superadmin');
    const first = await callAs(MailOutboxPageSchema, t.base, '/api/mail/outbox?page=1&perPage=2', { cookie });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.items.map((m: { subject: string }) => m.subject)).toEqual(['Mail 2', 'Mail 1']);
    expect(first.body.items[0]).toMatchObject({
      to: 'person2@example.org',
      body: 'Body 2',
      sent_at: null,
      error: null,
      created_at: clock().toISOString(),
    });
    const second = await callAs(MailOutboxPageSchema, t.base, '/api/mail/outbox?page=2&perPage=2', {
      cookie,
    });
    expect(second.body.items.map((m: { subject: string }) => m.subject)).toEqual(['Mail 0']);
  });

  it('an admin reads addresses and subjects but no bodies: a body may hold a live reset code', async () => {
    const cookie = await loginAs(t.base, 'admin');
    const res = await callAs(MailOutboxPageSchema, t.base, '/api/mail/outbox', { cookie });
    expect(res.status).toBe(200);
    const bySubject = new Map(res.body.items.map((m: { subject: string }) => [m.subject, m]));
    expect(bySubject.get('Mail 1')).toMatchObject({ user_id: superadminId, body: '' });
    expect(bySubject.get('Mail 2')).toMatchObject({ body: '' });
    expect(res.text).not.toContain('Body 2');
  });

  it('is for admins only', async () => {
    for (const username of ['student', 'teacher']) {
      const res = await call(t.base, '/api/mail/outbox', {
        cookie: await loginAs(t.base, username),
      });
      expect(res.status, username).toBe(403);
    }
    expect((await call(t.base, '/api/mail/outbox')).status).toBe(401);
  });
});

describe('SMTP failures', () => {
  it('an unreachable mail server is recorded with its error, without the body, and does not throw', async () => {
    // its mail lands in the demo school's outbox, which the listing test counts
    onTestFinished(async () => {
      await t.database.db.delete(mailOutbox).where(eq(mailOutbox.subject, 'Kommt nicht an'));
    });
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const broken = await startTestApp({
      database: t.database,
      demo: false,
      clock,
      mail: { smtpUrl: `smtp://127.0.0.1:${port}` },
    });
    try {
      const result = await sendMail(broken.app, {
        schoolId,
        userId: null,
        to: ['nobody@example.org'],
        subject: 'Kommt nicht an',
        text: 'GEHEIM-1234',
      });
      expect(result).toEqual({ sent: false });
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, 'Kommt nicht an'));
      expect(row!.body).toBe('');
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});
