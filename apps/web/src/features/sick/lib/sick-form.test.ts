import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  browserToday,
  checkSickForm,
  dateErrorField,
  fieldOfServerError,
  formatDay,
  sickFormData,
  type SickFormValues,
} from './sick-form';

const TODAY = '2026-11-26';
const base: SickFormValues = { begin: TODAY, end: TODAY, message: '', forStudent: false, studentId: null };
const answer = (status: number, code?: string) =>
  new ApiError('/api/sick', status, 'x', code ? { code, message: code, params: {} } : 'plain');

describe('the sick form checks what spec 5 asks before sending', () => {
  it('each date rule is shown at its field, with its error text', () => {
    expect(checkSickForm({ ...base, begin: '', end: '' }, TODAY, 90)).toEqual([
      { field: 'begin', key: 'errors.sick.dates_missing' },
    ]);
    expect(checkSickForm({ ...base, begin: '' }, TODAY, 90)).toEqual([
      { field: 'begin', key: 'errors.sick.begin_missing' },
    ]);
    expect(checkSickForm({ ...base, end: '' }, TODAY, 90)).toEqual([
      { field: 'end', key: 'errors.sick.end_missing' },
    ]);
    expect(checkSickForm({ ...base, begin: '2026-11-27', end: '2026-11-26' }, TODAY, 90)).toEqual([
      { field: 'end', key: 'errors.sick.end_before_start' },
    ]);
    expect(checkSickForm({ ...base, begin: '2026-11-20', end: '2026-11-25' }, TODAY, 90)).toEqual([
      { field: 'end', key: 'errors.sick.end_in_past' },
    ]);
  });

  it("the school's bound (decision 076): the last day at most maxDays after the first, the first at most maxDays ahead", () => {
    expect(checkSickForm({ ...base, end: '2027-02-24' }, TODAY, 90)).toEqual([]);
    expect(checkSickForm({ ...base, end: '2027-02-25' }, TODAY, 90)).toEqual([
      { field: 'end', key: 'errors.sick.end_too_far', values: { max: 90 } },
    ]);
    expect(checkSickForm({ ...base, end: '2999-12-31' }, TODAY, 90)[0]?.key).toBe('errors.sick.end_too_far');
    expect(checkSickForm({ ...base, end: '2026-11-29' }, TODAY, 3)).toEqual([]);
    expect(checkSickForm({ ...base, end: '2026-11-30' }, TODAY, 3)).toEqual([
      { field: 'end', key: 'errors.sick.end_too_far', values: { max: 3 } },
    ]);
    // a notice filed far ahead would outlive its retention just the same
    expect(checkSickForm({ ...base, begin: '2999-12-01', end: '2999-12-31' }, TODAY, 90)).toEqual([
      { field: 'begin', key: 'errors.sick.begin_too_far', values: { max: 90 } },
    ]);
    expect(checkSickForm({ ...base, begin: '2027-02-22', end: '2027-02-22' }, TODAY, 90)).toEqual([]);
    // a begin long past with an end today covers too many days as well
    expect(checkSickForm({ ...base, begin: '2026-01-01' }, TODAY, 90)[0]?.key).toBe(
      'errors.sick.end_too_far',
    );
  });

  it('a notice that began in the past and ends today is fine (a parent calls the day after)', () => {
    expect(checkSickForm({ ...base, begin: '2026-11-20' }, TODAY, 90)).toEqual([]);
  });

  it('reporting for a pupil needs the pupil, and the rules add up', () => {
    expect(checkSickForm({ ...base, forStudent: true }, TODAY, 90)).toEqual([
      { field: 'student', key: 'sickReport.student.missing' },
    ]);
    expect(checkSickForm({ ...base, end: '', forStudent: true }, TODAY, 90).map((e) => e.field)).toEqual([
      'end',
      'student',
    ]);
    expect(checkSickForm({ ...base, forStudent: true, studentId: 7 }, TODAY, 90)).toEqual([]);
  });

  it('dateErrorField: a missing first day at the first, the rest at the last', () => {
    expect(dateErrorField('sick.begin_missing')).toBe('begin');
    expect(dateErrorField('sick.dates_missing')).toBe('begin');
    expect(dateErrorField('sick.end_missing')).toBe('end');
    expect(dateErrorField('sick.end_before_start')).toBe('end');
    expect(dateErrorField('sick.end_in_past')).toBe('end');
    expect(dateErrorField('sick.begin_too_far')).toBe('begin');
    expect(dateErrorField('sick.end_too_far')).toBe('end');
  });
});

describe("the server's answer goes to the field it is about", () => {
  it('422 date codes to their dates, a refused pupil to the picker', () => {
    expect(fieldOfServerError(answer(422, 'sick.end_in_past'))).toBe('end');
    expect(fieldOfServerError(answer(422, 'sick.dates_missing'))).toBe('begin');
    expect(fieldOfServerError(answer(422, 'sick.end_too_far'))).toBe('end');
    expect(fieldOfServerError(answer(422, 'sick.begin_too_far'))).toBe('begin');
    expect(fieldOfServerError(answer(403, 'sick.not_your_student'))).toBe('student');
  });

  it('a photo refused by size, type, setting or quota to the photo', () => {
    expect(fieldOfServerError(answer(413, 'upload.too_large'))).toBe('photo');
    expect(fieldOfServerError(answer(415, 'upload.invalid_type'))).toBe('photo');
    expect(fieldOfServerError(answer(413))).toBe('photo');
    expect(fieldOfServerError(answer(422, 'sick.photo_disabled'))).toBe('photo');
    expect(fieldOfServerError(answer(507, 'upload.quota_exceeded'))).toBe('photo');
  });

  it('offline, a server error and anything else above the buttons', () => {
    expect(fieldOfServerError(new TypeError('network error'))).toBe('form');
    expect(fieldOfServerError(answer(500, 'common.internal'))).toBe('form');
    expect(fieldOfServerError(answer(429, 'common.rate_limited'))).toBe('form');
    expect(fieldOfServerError(new Error('x'))).toBe('form');
  });
});

describe('the multipart body', () => {
  it('holds the fields of SickInputSchema, the pupil only when reporting for one, and the photo', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });
    const own = sickFormData({ ...base, message: 'Fieber', studentId: 7 }, null);
    expect([...own.keys()].sort()).toEqual(['begin', 'end', 'message']);
    expect(own.get('message')).toBe('Fieber');
    const forPupil = sickFormData({ ...base, forStudent: true, studentId: 7 }, photo);
    expect(forPupil.get('userId')).toBe('7');
    expect((forPupil.get('photo') as File).name).toBe('foto.jpg');
  });
});

describe('days', () => {
  it("browserToday is the browser's calendar day", () => {
    expect(browserToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
  it('formatDay writes the day in the language without shifting it', () => {
    expect(formatDay('2026-11-26', 'de')).toBe('26.11.2026');
  });
});
