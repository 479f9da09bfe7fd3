import { createTransport, type Transporter } from 'nodemailer';
import { hasRole, type MailOutboxPage, type MailOutboxQuery, type RoleSubject } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { configValues } from '../config/config.service.ts';
import { countOutbox, findOutboxPage, insertOutbox } from './mail.repo.ts';

export interface OutgoingMail {
  schoolId: number;
  userId: number | null;
  to: string[];
  subject: string;
  text: string;
}

// SECURITY.md "Staying up": outbound calls have timeouts, so a dead mail server cannot hold a request or shutdown
const SMTP_CONNECT_TIMEOUT_MS = 5_000;
const SMTP_SOCKET_TIMEOUT_MS = 10_000;
const DEFAULT_FROM = 'Aula <aula@localhost>';

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends a mail through SMTP, or keeps it in the outbox when no SMTP is configured (DESIGN.md "Mail").
 * A sent mail is recorded without its body, so no reset code lingers in the table. Never throws.
 */
export async function sendMail(
  app: Pick<Ctx, 'db' | 'clock' | 'mailOptions' | 'log'>,
  mail: OutgoingMail,
): Promise<{ sent: boolean }> {
  const { smtpUrl, from } = app.mailOptions;
  const row = { schoolId: mail.schoolId, userId: mail.userId, to: mail.to.join(', '), subject: mail.subject };
  if (!smtpUrl) {
    await insertOutbox(app.db, { ...row, body: mail.text, createdAt: app.clock() });
    return { sent: false };
  }
  try {
    await transportFor(smtpUrl).sendMail({
      from: from ?? DEFAULT_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    await insertOutbox(app.db, { ...row, body: '', sentAt: app.clock(), createdAt: app.clock() });
    return { sent: true };
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    const id = await insertOutbox(app.db, { ...row, body: '', error, createdAt: app.clock() });
    // the outbox id is enough to find it; the body (a code) is never logged
    app.log.warn({ outboxId: id, error }, 'mail not sent');
    return { sent: false };
  }
}

export interface MailUser {
  email: string | null;
  secondaryEmail: string | null;
}

/**
 * Where a user's mail goes: the primary address, plus the secondary one with forward_emails; else the
 * secondary. forward_emails comes from the caller's configuration snapshot (decision 085).
 */
export async function recipientsOf(ctx: Pick<Ctx, 'config'>, user: MailUser): Promise<string[]> {
  const primary = user.email?.trim() || null;
  const secondary = user.secondaryEmail?.trim() || null;
  if (!primary) return secondary ? [secondary] : [];
  if (!secondary || secondary.toLowerCase() === primary.toLowerCase()) return [primary];
  const { forward_emails } = await configValues(ctx, ['forward_emails']);
  return forward_emails === 'true' ? [primary, secondary] : [primary];
}

/**
 * GET /api/mail/outbox: the school's mails, newest first. Admins never act on superadmins (SECURITY.md
 * "Access"), so only a superadmin reads the body of a mail to a superadmin (it may hold a reset code).
 */
export async function listOutbox(
  db: Db,
  schoolId: number,
  caller: RoleSubject,
  query: MailOutboxQuery,
): Promise<MailOutboxPage> {
  const [rows, total] = await Promise.all([
    findOutboxPage(db, schoolId, query.perPage, (query.page - 1) * query.perPage),
    countOutbox(db, schoolId),
  ]);
  return {
    items: rows.map(({ mail }) => ({
      id: mail.id,
      user_id: mail.userId,
      to: mail.to,
      subject: mail.subject,
      // bodies may hold a live reset code: only superadmins (who may act as anyone, audited) read them
      body: hasRole(caller, 'superadmin') ? mail.body : '',
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
      error: mail.error,
    })),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

// Work that runs after the answer went out (a reset mail), kept per app by its database handle (made once per app).
const pending = new WeakMap<object, Set<Promise<void>>>();

/** Runs a task after the current answer is sent, so its duration never shows in the answer; close() waits for it. */
export function runAfterResponse(app: Pick<Ctx, 'db' | 'log'>, task: () => Promise<void>): void {
  const key = app.db;
  const tasks = pending.get(key) ?? new Set<Promise<void>>();
  pending.set(key, tasks);
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => {
      app.log.error({ err }, 'background task failed');
    })
    .finally(() => tasks.delete(run));
  tasks.add(run);
}

/** Waits until every task started by runAfterResponse has finished (shutdown, tests). */
export async function settleBackgroundTasks(app: Pick<Ctx, 'db'>): Promise<void> {
  const tasks = pending.get(app.db);
  while (tasks && tasks.size > 0) await Promise.allSettled([...tasks]);
}
