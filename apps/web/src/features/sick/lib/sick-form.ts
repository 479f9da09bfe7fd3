import { SICK_DATE_ERRORS, sickDateError, type SickDateError } from '@aula/contracts';
import { placeServerError, type FieldIssue } from '@/lib/form-issues';

/** The fields of the reporting form an error can belong to; `form` is the alert above the buttons. */
export type SickField = 'begin' | 'end' | 'student' | 'photo' | 'form';

/** The calendar day in the browser's own time zone, YYYY-MM-DD (the form's default and its "today"). */
export function browserToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Which field a date rule is shown at: a missing first day and a first day too far ahead at the first, the
 * rest at the last.
 */
export function dateErrorField(code: SickDateError): 'begin' | 'end' {
  return code === 'sick.begin_missing' || code === 'sick.dates_missing' || code === 'sick.begin_too_far'
    ? 'begin'
    : 'end';
}

export interface SickFormValues {
  begin: string;
  end: string;
  message: string;
  /** 'self' or a pupil chosen by a teacher or admin */
  forStudent: boolean;
  studentId: number | null;
}

/** A problem with what was typed; a bound date rule (decision 076) names the school's bound as `max`. */
export type SickFieldIssue = FieldIssue<SickField>;

/**
 * The checks made before sending: the shared date rules (with the browser's today and the school's
 * sick_max_days) and a chosen pupil.
 */
export function checkSickForm(values: SickFormValues, today: string, maxDays: number): SickFieldIssue[] {
  const errors: SickFieldIssue[] = [];
  const date = sickDateError(values.begin, values.end, today, maxDays);
  if (date) {
    const bound = date === 'sick.begin_too_far' || date === 'sick.end_too_far';
    errors.push({
      field: dateErrorField(date),
      key: `errors.${date}`,
      ...(bound ? { values: { max: maxDays } } : {}),
    });
  }
  if (values.forStudent && values.studentId === null) {
    errors.push({ field: 'student', key: 'sickReport.student.missing' });
  }
  return errors;
}

const DATE_CODES: ReadonlySet<string> = new Set(SICK_DATE_ERRORS);
const PHOTO_CODES: ReadonlySet<string> = new Set(['sick.photo_disabled']);

/**
 * Where a failed send is shown: a date rule at its date field, a refused pupil at the picker, a refused or
 * too large photo at the photo, everything else (offline, 5xx, a rate limit) above the buttons.
 */
export function fieldOfServerError(error: unknown): SickField {
  return placeServerError<SickField>(error, {
    byAnswer: (code, status) => {
      if (code && DATE_CODES.has(code)) return dateErrorField(code as SickDateError);
      if (code === 'sick.not_your_student') return 'student';
      if (status === 413 || status === 415) return 'photo';
      if (code && (PHOTO_CODES.has(code) || code.startsWith('upload.'))) return 'photo';
      return null;
    },
  }).field;
}

/** The multipart body of POST /api/sick: the fields of SickInputSchema and, when there is one, `photo`. */
export function sickFormData(values: SickFormValues, photo: File | null): FormData {
  const data = new FormData();
  data.set('begin', values.begin);
  data.set('end', values.end);
  data.set('message', values.message);
  if (values.forStudent && values.studentId !== null) data.set('userId', String(values.studentId));
  if (photo) data.set('photo', photo, photo.name || 'foto.jpg');
  return data;
}

/** A day (YYYY-MM-DD) as the user's language writes it, without a time zone shifting it. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
