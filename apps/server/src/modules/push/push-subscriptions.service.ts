// A user's devices (decision 073): subscribe, unsubscribe, the test push; the subscriptions end with their
// session.
import { createECDH } from 'node:crypto';
import { LOCALES, type PushPayload, type PushSubscriptionJson, type PushTestResponse } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRefusedAddress } from '../../lib/safe-fetch.ts';
import { insertForLiveDevices } from './push-queue.repo.ts';
import { pushEnabled } from './push-status.service.ts';
import {
  deleteUserSubscriptions,
  deleteOwnSubscription,
  deleteSessionSubscriptions,
  findUserLang,
  findUserSubscriptionsForExport,
  upsertSubscription,
} from './push-subscriptions.repo.ts';

/** What the device routes need of the app besides the context. */
export interface PushDeps {
  allowedHosts: readonly string[];
  kick: () => void;
}

/** The signed-in user's own devices: never while impersonating (the superadmin's browser must not get them). */
const NOT_IMPERSONATING = { notWhileImpersonating: 'push.impersonating' } as const;

async function assertPushOn(ctx: Ctx): Promise<void> {
  if (!(await pushEnabled(ctx, ctx.schoolId)).enabled) throw new AppError(409, 'push.not_configured');
}

/** POST /api/users/firebase: stores this device's subscription for the signed-in session. */
export async function subscribe(ctx: Ctx, deps: PushDeps, token: PushSubscriptionJson): Promise<void> {
  const user = requireCaller(ctx, NOT_IMPERSONATING);
  const session = ctx.session;
  if (!session) throw AppError.unauthorized();
  await assertPushOn(ctx);
  let url: URL;
  try {
    url = new URL(token.endpoint);
  } catch {
    throw new AppError(400, 'push.endpoint_refused');
  }
  // the server will post to this address: https only, never the school's own network (SECURITY.md "Content")
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    (await isRefusedAddress(url, deps.allowedHosts))
  )
    throw new AppError(400, 'push.endpoint_refused');
  // the worker encrypts to this key: one not on P-256 could never be sent to
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(token.keys.p256dh, 'base64url'));
  } catch {
    throw new AppError(400, 'push.endpoint_refused');
  }
  const stored = await transaction(ctx.db, (tx) =>
    upsertSubscription(tx, {
      schoolId: ctx.schoolId,
      userId: user.id,
      sessionId: session.id,
      endpoint: token.endpoint,
      p256dh: token.keys.p256dh,
      auth: token.keys.auth,
      createdAt: ctx.clock(),
    }),
  );
  if (stored === 'taken') throw new AppError(409, 'push.device_in_use');
}

/** DELETE /api/users/firebase: the caller's own device only; another's endpoint is a 404 and stays. */
export async function unsubscribe(ctx: Ctx, endpoint: string): Promise<void> {
  if (!ctx.user) throw AppError.unauthorized();
  const removed = await deleteOwnSubscription(ctx.db, ctx.schoolId, ctx.user.id, endpoint);
  if (removed === 0) throw AppError.notFound();
}

const TEST_TEXTS: Record<string, { title: string; body: string }> = {
  de: { title: 'Aula: Test', body: 'Push-Benachrichtigungen kommen auf diesem Gerät an.' },
  en: { title: 'Aula: test', body: 'Push notifications arrive on this device.' },
  fa: { title: 'Aula: آزمایش', body: 'اعلان‌های فوری روی این دستگاه می‌رسند.' },
  ar: { title: 'Aula: اختبار', body: 'تصل الإشعارات الفورية إلى هذا الجهاز.' },
};

/** The test push's words in the user's language ('auto': German, the source language). */
export function testPayload(lang: string): PushPayload {
  const texts = (LOCALES as readonly string[]).includes(lang) ? TEST_TEXTS[lang]! : TEST_TEXTS.de!;
  return { kind: 'test', ...texts, url: '/', tag: 'test' };
}

/** POST /api/users/firebase/test: one push to each of the user's devices, at once (quiet hours do not apply). */
export async function sendTestPush(ctx: Ctx, deps: PushDeps): Promise<PushTestResponse> {
  const user = requireCaller(ctx, NOT_IMPERSONATING);
  await assertPushOn(ctx);
  const payload = testPayload(await findUserLang(ctx.db, user.id));
  const devices = await insertForLiveDevices(ctx.db, {
    schoolId: ctx.schoolId,
    userId: user.id,
    kind: 'test',
    payload,
    now: ctx.clock(),
  });
  if (devices === 0) throw new AppError(409, 'push.no_devices');
  deps.kick();
  return { devices };
}

/** Sessions ended (sign-out, block, password, expiry handled at sending): their devices go, in the caller's transaction. */
export function endSessionSubscriptions(tx: Db, sessionIds: readonly number[]): Promise<number> {
  return deleteSessionSubscriptions(tx, sessionIds);
}

/**
 * Every device of a user but the one of `exceptSessionId`: a block, a password change or reset and the like end
 * the user's live sessions, and the devices of sessions that had merely run out go with them (decision 073).
 */
export function endUserSubscriptions(tx: Db, userId: number, exceptSessionId?: number): Promise<number> {
  return deleteUserSubscriptions(tx, userId, exceptSessionId);
}

/** The data export's push part: the user's devices (address and dates, never the keys). */
export async function exportPushSubscriptions(db: Db, schoolId: number, userId: number) {
  const rows = await findUserSubscriptionsForExport(db, schoolId, userId);
  return rows.map((r) => ({
    endpoint: r.endpoint,
    createdAt: r.createdAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
  }));
}
