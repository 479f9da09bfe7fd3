// A user's push settings (decision 073): which kinds they get, their own quiet hours (which only ever widen the
// school's for pupils: both windows count), and what applies to them. Only one's own: there is no user id.
import {
  hasRole,
  PUSH_KINDS,
  type PushKind,
  type PushSettingsBody,
  type PushSettingsResponse,
} from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { schoolQuietHours } from './push-enqueue.service.ts';
import { countLiveDevices, findPushSettings, upsertPushSettings } from './push-settings.repo.ts';

/** The kinds that apply to the user at all: sick notices only reach teachers and above. */
export function availableKinds(user: Pick<SessionUser, 'type' | 'roles'>): PushKind[] {
  return PUSH_KINDS.filter((k) => k !== 'sick' || hasRole(user, 'teacher'));
}

/** GET /api/users/firebase/settings */
export async function getPushSettings(ctx: Ctx): Promise<PushSettingsResponse> {
  const user = requireCaller(ctx);
  const row = await findPushSettings(ctx.db, user.id);
  const off = row?.off ?? [];
  const school = await schoolQuietHours(ctx);
  return {
    kinds: Object.fromEntries(PUSH_KINDS.map((k) => [k, !off.includes(k)])) as Record<PushKind, boolean>,
    available: availableKinds(user),
    quiet: row?.quiet ?? null,
    // teachers and above have none of the school's: only their own
    schoolQuiet: hasRole(user, 'teacher') ? null : school.quiet,
    timeZone: school.timeZone,
    devices: await countLiveDevices(ctx.db, user.id),
  };
}

/**
 * PUT /api/users/firebase/settings: the kinds named are switched on or off (the others stay), and the own quiet
 * hours replaced (equal times: none). Not while impersonating: what a pupil's phone gets is the pupil's choice.
 */
export async function setPushSettings(ctx: Ctx, body: PushSettingsBody): Promise<PushSettingsResponse> {
  const user = requireCaller(ctx, { notWhileImpersonating: 'push.impersonating' });
  const row = await findPushSettings(ctx.db, user.id);
  const off = new Set(row?.off ?? []);
  for (const kind of PUSH_KINDS) {
    const on = body.kinds[kind];
    if (on === true) off.delete(kind);
    else if (on === false) off.add(kind);
  }
  const quiet = body.quiet && body.quiet.start !== body.quiet.end ? body.quiet : null;
  await upsertPushSettings(ctx.db, {
    userId: user.id,
    schoolId: ctx.schoolId,
    off: PUSH_KINDS.filter((k) => off.has(k)),
    quiet,
    at: ctx.clock(),
  });
  return getPushSettings(ctx);
}
