// Sick notices (spec 3.6, 4.6, 5; decision 062): who reports for whom, who sees and processes what, the
// photo, and the retention job. Whose notices a caller sees is permissionsFor(user).sickNotices:
// 'own' (pupils), 'groups' (teachers: their own and their groups' pupils'), 'all' (admins).
import {
  DEFAULT_SICK_RETENTION_DAYS,
  dayIn,
  hasRole,
  permissionsFor,
  sickDateError,
  sickMaxDays,
  SickInputSchema,
  type SickCount,
  type SickList,
  type SickNotice,
  type StudentDetail,
  type StudentList,
} from '@aula/contracts';
import type { z } from 'zod';
import type { SickListQuerySchema, StudentListQuerySchema } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { audit } from '../audit/audit.service.ts';
import { configValues, serverConfigValue } from '../config/config.service.ts';
import { preparePhoto, uploaderOf } from '../files/file-checks.ts';
import { deleteFiles, lockFiles, readFile } from '../files/files.service.ts';
import { fileUpload } from '../files/file-upload.ts';
import {
  countProcessable,
  deleteNotices,
  findExpired,
  findNotice,
  findNoticePage,
  findNoticesOf,
  findStudents,
  findSubject,
  insertNotice,
  setProcessed,
  type NoticeRow,
  type SickScope,
} from './sick.repo.ts';

type ListQuery = z.output<typeof SickListQuerySchema>;
type StudentQuery = z.output<typeof StudentListQuerySchema>;

/** The caller's scope, derived from permissionsFor(user).sickNotices (contracts/perms.ts). */
export function scopeOf(user: SessionUser): SickScope {
  return { level: permissionsFor(user).sickNotices, userId: user.id, groupIds: user.groupIds };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toNotice(row: NoticeRow): SickNotice {
  return {
    id: row.id,
    user: row.user!,
    reportedBy: row.reportedBy,
    groups: row.groups,
    begin: row.begins,
    end: row.ends,
    message: row.message,
    hasPhoto: row.photoFileId !== null,
    processed: row.processedAt !== null,
    processedAt: iso(row.processedAt),
    processedBy: row.processedBy,
    createdAt: iso(row.createdAt)!,
  };
}

/**
 * What a list read's audit row records of the query (decision 076): the parameters as parsed, those given
 * only; the search term `userQ` too (a name the reader looked for, at most 100 characters), nothing else typed.
 */
function auditedFilter(q: ListQuery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
}

/**
 * GET /api/sick: the filters of spec 3.6, newest first, and the caller's processable unprocessed count.
 * Audited as access to sick notices (SECURITY.md "list reads too"): one row per request, the reader as the
 * actor and no target (a page holds many people), with the filter, the count and the ids of the notices.
 */
export async function listNotices(ctx: Ctx, q: ListQuery): Promise<SickList> {
  const user = requireCaller(ctx);
  const scope = scopeOf(user);
  const { rows, total } = await findNoticePage(
    ctx.db,
    ctx.schoolId,
    scope,
    {
      groups: q.groups,
      users: q.users,
      userQ: q.userQ || undefined,
      onlyStudents: q.onlyStudents,
      onlyTeachers: q.onlyTeachers,
      showProcessed: q.showProcessed ?? true,
      showUnprocessed: q.showUnprocessed ?? true,
    },
    q.page,
    q.perPage,
  );
  await audit(ctx, 'sick.list', {
    details: { filter: auditedFilter(q), count: rows.length, total, ids: rows.map((r) => r.id) },
  });
  return {
    items: rows.map(toNotice),
    total,
    unprocessed: await countProcessable(ctx.db, ctx.schoolId, scope),
  };
}

/** GET /api/sick/count: teachers the unprocessed notices of their groups' pupils, admins all, pupils 0. */
export async function countNotices(ctx: Ctx): Promise<SickCount> {
  const user = requireCaller(ctx);
  return { unprocessed: await countProcessable(ctx.db, ctx.schoolId, scopeOf(user)) };
}

/** A notice the caller sees, or 404 (never 403: whether it exists is not told). */
async function visibleNotice(ctx: Ctx, user: SessionUser, id: number): Promise<NoticeRow> {
  const row = await findNotice(ctx.db, ctx.schoolId, scopeOf(user), id);
  if (!row) throw AppError.notFound();
  return row;
}

/** GET /api/sick/:id, audited as access to a sick notice (SECURITY.md Privacy). */
export async function getNotice(ctx: Ctx, id: number): Promise<SickNotice> {
  const user = requireCaller(ctx);
  const row = await visibleNotice(ctx, user, id);
  await audit(ctx, 'sick.read', { targetId: row.userId, details: { id } });
  return toNotice(row);
}

/** GET /api/sick/:id/photo: the stored JPEG of a notice the caller sees; 404 without one. */
export async function getNoticePhoto(ctx: Ctx, id: number): Promise<{ mime: string; data: Buffer }> {
  const user = requireCaller(ctx);
  const row = await visibleNotice(ctx, user, id);
  if (row.photoFileId === null) throw AppError.notFound();
  const file = await readFile(ctx.db, ctx.schoolId, row.photoFileId);
  if (!file) throw AppError.notFound();
  await audit(ctx, 'sick.photo_read', { targetId: row.userId, details: { id } });
  return file;
}

/** The school's calendar day now (server key time_zone). */
export async function schoolToday(ctx: Ctx): Promise<string> {
  return dayIn(ctx.clock(), await serverConfigValue(ctx, 'time_zone'));
}

/**
 * Whom the caller may report for: a pupil themself; a teacher themself or a pupil of their groups; an
 * admin anyone of the school. 403 sick.not_your_student otherwise (also for a user of another school).
 */
async function reportableSubject(ctx: Ctx, user: SessionUser, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === user.id) return user.id;
  const refuse = () => new AppError(403, 'sick.not_your_student');
  const level = permissionsFor(user).sickNotices;
  if (level === 'own') throw refuse();
  const subject = await findSubject(ctx.db, ctx.schoolId, userId);
  if (!subject) throw refuse();
  if (level === 'all') return subject.id;
  const shares = subject.groupIds.some((g) => user.groupIds.includes(g));
  if (subject.type !== 'S' || !shares) throw refuse();
  return subject.id;
}

/** The school's bound on a notice's dates (sick_max_days, decision 076). */
async function schoolMaxDays(ctx: Ctx): Promise<number> {
  const { sick_max_days } = await configValues(ctx, ['sick_max_days']);
  return sickMaxDays(sick_max_days);
}

/** The date errors whose message names the bound. */
const DATE_ERRORS_WITH_MAX: ReadonlySet<string> = new Set(['sick.begin_too_far', 'sick.end_too_far']);

export interface SickForm {
  fields: Record<string, string | string[]>;
  photo: { data: Buffer } | null;
}

/** POST /api/sick: validated, then stored with its photo in one transaction; nothing is stored on an error. */
export async function reportNotice(ctx: Ctx, form: SickForm): Promise<SickNotice> {
  const user = requireCaller(ctx);
  const single = Object.fromEntries(
    Object.entries(form.fields).map(([k, v]) => [k, Array.isArray(v) ? v.at(-1)! : v]),
  );
  const parsed = SickInputSchema.safeParse(single);
  if (!parsed.success) {
    throw AppError.validation(
      parsed.error.issues.map((i) => ({
        path: i.path.join('.') || 'body',
        code: i.code,
        message: i.message,
      })),
    );
  }
  const input = parsed.data;
  const subjectId = await reportableSubject(ctx, user, input.userId === '' ? undefined : input.userId);
  const maxDays = await schoolMaxDays(ctx);
  const dateError = sickDateError(input.begin, input.end, await schoolToday(ctx), maxDays);
  if (dateError)
    throw new AppError(422, dateError, DATE_ERRORS_WITH_MAX.has(dateError) ? { max: maxDays } : undefined);
  const upload = fileUpload(ctx, user);
  if (form.photo) {
    const { enable_sick_photo } = await configValues(ctx, ['enable_sick_photo']);
    if (enable_sick_photo !== 'true') throw new AppError(422, 'sick.photo_disabled');
    await upload.precheck({
      minBytes: form.photo.data.length ? 1 : 0,
      uploadedBytes: form.photo.data.length,
    });
  }
  const prepared = form.photo ? await preparePhoto(form.photo, uploaderOf(ctx)) : null;
  const id = await transaction(ctx.db, async (tx) => {
    let photoFileId: number | null = null;
    if (prepared) {
      photoFileId = await upload.store(tx, prepared.photo);
      await upload.check(tx);
    }
    const noticeId = await insertNotice(tx, {
      schoolId: ctx.schoolId,
      userId: subjectId,
      reportedBy: user.id,
      begins: input.begin!,
      ends: input.end!,
      message: input.message,
      photoFileId,
      createdAt: ctx.clock(),
    });
    await audit(ctx, 'sick.report', {
      targetId: subjectId,
      details: { id: noticeId, photo: photoFileId !== null },
      db: tx,
    });
    await publishDomainEvent(tx, ctx, 'sick.reported', {
      id: noticeId,
      pupilId: subjectId,
      reportedBy: user.id,
    });
    return noticeId;
  });
  return toNotice((await findNotice(ctx.db, ctx.schoolId, scopeOf(user), id))!);
}

/**
 * PATCH /api/sick/:id: processed or unprocessed, with who and when. 404 when the caller does not see it,
 * 403 when they see it but may not process it (a teacher's own notice: only an admin).
 */
export async function processNotice(ctx: Ctx, id: number, processed: boolean): Promise<SickNotice> {
  const user = requireCaller(ctx);
  const row = await visibleNotice(ctx, user, id);
  if (!row.mayProcess) throw AppError.forbidden();
  await transaction(ctx.db, async (tx) => {
    await setProcessed(tx, ctx.schoolId, id, processed ? { at: ctx.clock(), by: user.id } : null);
    await audit(ctx, processed ? 'sick.process' : 'sick.unprocess', {
      targetId: row.userId,
      details: { id },
      db: tx,
    });
  });
  return toNotice((await findNotice(ctx.db, ctx.schoolId, scopeOf(user), id))!);
}

/** Admins all pupils, teachers their groups' pupils. */
function studentGroups(user: SessionUser): readonly number[] | null {
  return hasRole(user, 'admin') ? null : user.groupIds;
}

/** GET /api/students: the pupils a teacher or admin may report for (the form's picker). */
export async function listStudents(ctx: Ctx, q: StudentQuery): Promise<StudentList> {
  const user = requireCaller(ctx);
  const { rows, total } = await findStudents(ctx.db, ctx.schoolId, {
    groupIds: studentGroups(user),
    q: q.q || undefined,
    page: q.page,
    perPage: q.perPage,
  });
  return { items: rows, total };
}

/**
 * GET /api/student/:id: one pupil in reach with the notices the caller sees of them; 404 otherwise. Audited
 * like a read by id (decision 076): the pupil is the target, with the count and the ids of the notices.
 */
export async function getStudent(ctx: Ctx, id: number): Promise<StudentDetail> {
  const user = requireCaller(ctx);
  const { rows } = await findStudents(ctx.db, ctx.schoolId, {
    groupIds: studentGroups(user),
    userId: id,
    page: 1,
    perPage: 1,
  });
  const student = rows[0];
  if (!student) throw AppError.notFound();
  const notices = await findNoticesOf(ctx.db, ctx.schoolId, scopeOf(user), id);
  await audit(ctx, 'sick.student_read', {
    targetId: student.id,
    details: { count: notices.length, ids: notices.map((n) => n.id) },
  });
  return { ...student, notices: notices.map(toNotice) };
}

/** The day before which a notice's last day must lie to be deleted: today minus the retention days. */
export function retentionCutoff(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The retention job for one school (ctx from jobContext): deletes the notices whose last day lies more
 * than sick_retention_days (default 365) before the school's today, with their photo files; audited with
 * the count. Returns how many were deleted.
 */
export async function deleteExpiredNotices(ctx: Ctx): Promise<number> {
  const { sick_retention_days } = await configValues(ctx, ['sick_retention_days']);
  const configured = Number(sick_retention_days);
  const days = Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_SICK_RETENTION_DAYS;
  // a notice 365 days past its end is kept today and deleted tomorrow
  const cutoff = retentionCutoff(await schoolToday(ctx), days);
  return transaction(ctx.db, async (tx) => {
    await lockFiles(tx, ctx.schoolId);
    const expired = await findExpired(tx, ctx.schoolId, cutoff);
    if (expired.length === 0) return 0;
    await deleteNotices(
      tx,
      ctx.schoolId,
      expired.map((n) => n.id),
    );
    await deleteFiles(
      tx,
      ctx.schoolId,
      expired.map((n) => n.photoFileId),
    );
    await audit(ctx, 'sick.retention_delete', {
      details: { count: expired.length, retentionDays: days },
      db: tx,
    });
    return expired.length;
  });
}
