import { z } from './zod.ts';
import { DaySchema, IdParamSchema, multilineText, PageSchema, perPageSchema, text } from './text.ts';

// spec 3.6 sick notice (begin, end, message, file; filters), 4.6 processed/unprocessed, 5 sick-notice dates,
// 7.3 GET, POST /api/sick, GET /api/sick/{id}, GET /api/student/{id}, GET /api/students
// (docs/decisions/062-sick-notices.md).

export const MAX_SICK_MESSAGE = 2000;
export const MAX_SICK_PER_PAGE = 100;
/** How long a notice and its photo are kept after its last day, unless the school sets sick_retention_days. */
export const DEFAULT_SICK_RETENTION_DAYS = 365;

/**
 * How many days after its first day a notice's last day may lie, unless the school sets sick_max_days
 * (decision 076): a notice, and so its retention, always ends.
 */
export const DEFAULT_SICK_MAX_DAYS = 90;
export const MIN_SICK_MAX_DAYS = 1;
export const MAX_SICK_MAX_DAYS = 365;

/** The date rules of spec 5 and the bounds of decision 076, each its own translated error code (422). */
export const SICK_DATE_ERRORS = [
  'sick.begin_missing',
  'sick.end_missing',
  'sick.dates_missing',
  'sick.end_before_start',
  'sick.end_in_past',
  'sick.begin_too_far',
  'sick.end_too_far',
] as const;
export type SickDateError = (typeof SICK_DATE_ERRORS)[number];

/**
 * The day `days` after a day (YYYY-MM-DD); calendar days, so no time zone or clock change shifts it.
 * '' for what is not such a day (a form's half-typed year).
 */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** sick_max_days as stored: an integer within its bounds, else the default (a value no one could save). */
export function sickMaxDays(raw: string | number | boolean | null | undefined): number {
  const n = typeof raw === 'number' ? raw : Number(raw);
  return Number.isInteger(n) && n >= MIN_SICK_MAX_DAYS && n <= MAX_SICK_MAX_DAYS ? n : DEFAULT_SICK_MAX_DAYS;
}

/**
 * The date rules of spec 5, shared by the form and the server: `today` is the school's calendar day
 * (YYYY-MM-DD in its time zone). A notice may begin in the past (a parent calls the day after), but its end
 * may not lie before today. Decision 076: its first day lies at most `maxDays` after today, and its last day
 * at most `maxDays` after its first (the school's sick_max_days), so no notice outlives its retention.
 */
export function sickDateError(
  begin: string | null | undefined,
  end: string | null | undefined,
  today: string,
  maxDays: number,
): SickDateError | null {
  const hasBegin = !!begin;
  const hasEnd = !!end;
  if (!hasBegin && !hasEnd) return 'sick.dates_missing';
  if (!hasBegin) return 'sick.begin_missing';
  if (!hasEnd) return 'sick.end_missing';
  if (end! < begin!) return 'sick.end_before_start';
  if (end! < today) return 'sick.end_in_past';
  if (begin! > addDays(today, maxDays)) return 'sick.begin_too_far';
  if (end! > addDays(begin!, maxDays)) return 'sick.end_too_far';
  return null;
}

/** The person a notice is about (its subject) and who reported it, as names the viewer may see. */
export const SickPersonSchema = z.object({
  id: z.number().int(),
  laraId: z.string(),
  name: z.string(),
  /** 'S' pupil, 'L' teacher (spec 6 type) */
  type: z.string(),
});
export type SickPerson = z.infer<typeof SickPersonSchema>;

export const SickNoticeSchema = z.object({
  id: z.number().int(),
  user: SickPersonSchema,
  /** who entered it: the person themself, or a teacher after a parent's call */
  reportedBy: SickPersonSchema.nullable(),
  /** the subject's groups (classes), names only */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  begin: z.string(),
  end: z.string(),
  message: z.string(),
  /** whether a photo is attached: it is read from GET /api/sick/{id}/photo */
  hasPhoto: z.boolean(),
  processed: z.boolean(),
  processedAt: z.string().nullable(),
  processedBy: SickPersonSchema.nullable(),
  createdAt: z.string(),
});
export type SickNotice = z.infer<typeof SickNoticeSchema>;

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** A list of ids in a query string: `groups=1,2` (repeated parameters are joined by the route). */
const idList = text()
  .max(2000)
  .transform((v, ctx) => {
    const ids = v
      .split(',')
      .filter((s) => s !== '')
      .map((s) => IdParamSchema.safeParse(s));
    if (ids.some((r) => !r.success)) {
      ctx.addIssue({ code: 'custom', message: 'a comma-separated list of ids' });
      return z.NEVER;
    }
    return ids.map((r) => r.data as number);
  })
  .optional();

/** GET /api/sick: the filters of spec 3.6 and paging. Processed and unprocessed both shown by default. */
export const SickListQuerySchema = z.strictObject({
  groups: idList,
  users: idList,
  userQ: text().trim().max(100).optional(),
  onlyStudents: flag,
  onlyTeachers: flag,
  showProcessed: flag,
  showUnprocessed: flag,
  page: PageSchema,
  perPage: perPageSchema(MAX_SICK_PER_PAGE, 20),
});
export type SickListQuery = z.input<typeof SickListQuerySchema>;

export const SickListSchema = z.object({
  items: z.array(SickNoticeSchema),
  total: z.number().int(),
  /** unprocessed notices the caller may process, over the whole list (not only this page) */
  unprocessed: z.number().int(),
});
export type SickList = z.infer<typeof SickListSchema>;

/** GET /api/sick/count: the badge of those who process notices (0 for everyone else). */
export const SickCountSchema = z.object({ unprocessed: z.number().int() });
export type SickCount = z.infer<typeof SickCountSchema>;

/**
 * POST /api/sick (multipart): these fields plus an optional `photo` file when enable_sick_photo is on.
 * `userId` empty means the caller themself; a teacher may name a pupil of their groups, an admin anyone.
 */
export const SickInputSchema = z.strictObject({
  begin: z.union([DaySchema, z.literal('')]).optional(),
  end: z.union([DaySchema, z.literal('')]).optional(),
  message: multilineText().trim().max(MAX_SICK_MESSAGE).default(''),
  userId: z.union([IdParamSchema, z.literal('')]).optional(),
});
export type SickInput = z.input<typeof SickInputSchema>;

/** PATCH /api/sick/{id}: mark processed or unprocessed (spec 4.6). */
export const SickProcessInputSchema = z.strictObject({ processed: z.boolean() });

/** A pupil as GET /api/students lists them for a teacher (the reporting form's picker). */
export const StudentSchema = z.object({
  id: z.number().int(),
  laraId: z.string(),
  name: z.string(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Student = z.infer<typeof StudentSchema>;

export const StudentListQuerySchema = z.strictObject({
  q: text().trim().max(100).optional(),
  page: PageSchema,
  perPage: perPageSchema(100, 50),
});
export const StudentListSchema = z.object({ items: z.array(StudentSchema), total: z.number().int() });
export type StudentList = z.infer<typeof StudentListSchema>;

/** GET /api/student/{id}: one pupil with the notices the caller may see of them, newest first. */
export const StudentDetailSchema = StudentSchema.extend({ notices: z.array(SickNoticeSchema) });
export type StudentDetail = z.infer<typeof StudentDetailSchema>;
