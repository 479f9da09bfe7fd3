// The school's VAPID key pair (decision 073): made on first start and for a school without one, the private key
// sealed with the server secret like the other secrets; rotated or imported by a superadmin.
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { openSecret, purposeKey, sealSecret } from '../../lib/secret-box.ts';
import { audit } from '../audit/audit.service.ts';
import { allSchoolIds } from '../schools/schools.service.ts';
import {
  findContactFallback,
  findPushKeys,
  insertPushKeysIfMissing,
  replacePushKeys,
  updatePushContact,
} from './push-keys.repo.ts';
import { deleteSchoolSubscriptions } from './push-subscriptions.repo.ts';

/** The keys a sender needs, the private one opened. */
export interface SchoolPushKeys {
  publicKey: string;
  privateKey: string;
  /** the VAPID token's `sub`: the admin's choice, else the default */
  contact: string;
  createdAt: Date;
}

// sealed to its school, so a sealed key copied into another school's row does not open
const sealContext = (schoolId: number) => `push-vapid:${schoolId}`;

function seal(secretKey: Buffer, schoolId: number, privateKey: string): string {
  return sealSecret(purposeKey(secretKey, 'push-vapid'), privateKey, sealContext(schoolId));
}

function open(secretKey: Buffer, schoolId: number, sealed: string): string | null {
  try {
    return openSecret(purposeKey(secretKey, 'push-vapid'), sealed, sealContext(schoolId));
  } catch {
    return null;
  }
}

/** Whether `privateKey` is a P-256 scalar whose public point is `publicKey` (both base64url, uncompressed). */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    // throws for a scalar outside the curve's order (0, or ≥ n)
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** Makes the school's pair when it has none; two processes starting together keep one of theirs. */
export async function ensurePushKeys(db: Db, secretKey: Buffer, schoolId: number, now: Date): Promise<void> {
  if (await findPushKeys(db, schoolId)) return;
  const pair = webpush.generateVAPIDKeys();
  await insertPushKeysIfMissing(db, {
    schoolId,
    publicKey: pair.publicKey,
    privateKeySealed: seal(secretKey, schoolId, pair.privateKey),
    createdAt: now,
  });
}

/** At start: every school gets its pair (a school added later gets one on first use). */
export async function ensureAllPushKeys(parts: Pick<KeyParts, 'db' | 'secretKey' | 'clock'>): Promise<void> {
  for (const schoolId of await allSchoolIds(parts.db)) {
    await ensurePushKeys(parts.db, parts.secretKey, schoolId, parts.clock());
  }
}

/** The contact when the admin set none: `mailto:` the first admin's address, else admin@ the school's host. */
async function defaultContact(db: Db, schoolId: number, publicOrigin: string | null): Promise<string> {
  const { adminEmail, host } = await findContactFallback(db, schoolId);
  if (adminEmail) return `mailto:${adminEmail}`;
  const domain = host ?? (publicOrigin ? new URL(publicOrigin).hostname : 'localhost');
  return `mailto:admin@${domain}`;
}

export interface KeyParts {
  db: Db;
  secretKey: Buffer;
  publicOrigin: string | null;
  clock: () => Date;
}

/**
 * The school's keys for sending, made first when missing. Null when the sealed key does not open (the server
 * secret changed): push is then off until a superadmin rotates or imports a pair.
 */
export async function loadPushKeys(parts: KeyParts, schoolId: number): Promise<SchoolPushKeys | null> {
  let row = await findPushKeys(parts.db, schoolId);
  if (!row) {
    await ensurePushKeys(parts.db, parts.secretKey, schoolId, parts.clock());
    row = await findPushKeys(parts.db, schoolId);
  }
  if (!row) return null;
  const privateKey = open(parts.secretKey, schoolId, row.privateKeySealed);
  if (privateKey === null) return null;
  return {
    publicKey: row.publicKey,
    privateKey,
    contact: row.contact || (await defaultContact(parts.db, schoolId, parts.publicOrigin)),
    createdAt: row.createdAt,
  };
}

/** POST /api/config/firebase: the contact push services see in the token's `sub`. */
export async function setPushContact(ctx: Ctx, contact: string): Promise<void> {
  await ensurePushKeys(ctx.db, ctx.secretKey, ctx.schoolId, ctx.clock());
  await updatePushContact(ctx.db, ctx.schoolId, contact);
  await audit(ctx, 'config.change', { details: { key: 'push_contact', contact } });
}

/**
 * POST /api/config/firebase-backend: a new pair (rotate) or the school's own (import). Push services refuse
 * subscriptions made for the old public key, so every subscription of the school goes with it.
 */
export async function changePushKeys(
  ctx: Ctx,
  input: { action: 'rotate' } | { action: 'import'; publicKey: string; privateKey: string },
): Promise<void> {
  const pair = input.action === 'rotate' ? webpush.generateVAPIDKeys() : input;
  if (input.action === 'import' && !isVapidPair(input.publicKey, input.privateKey))
    throw new AppError(400, 'push.keys_invalid');
  await transaction(ctx.db, async (tx) => {
    const unchanged = (await findPushKeys(tx, ctx.schoolId))?.publicKey === pair.publicKey;
    await replacePushKeys(tx, {
      schoolId: ctx.schoolId,
      publicKey: pair.publicKey,
      privateKeySealed: seal(ctx.secretKey, ctx.schoolId, pair.privateKey),
      createdAt: ctx.clock(),
    });
    // importing the pair the school already has keeps its devices
    const removed = unchanged ? 0 : await deleteSchoolSubscriptions(tx, ctx.schoolId);
    await audit(ctx, 'config.change', {
      db: tx,
      details: { key: 'push_keys', action: input.action, publicKey: pair.publicKey, devicesRemoved: removed },
    });
  });
}
