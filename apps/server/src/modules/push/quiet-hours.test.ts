import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL_QUIET_HOURS } from '@aula/contracts';
import { instantOf, quietUntil } from './quiet-hours.ts';

// Quiet hours in the school's time zone (decision 073): wall-clock windows across DST switches, over midnight,
// equal times, and the union of the school's and the user's own.

const school = DEFAULT_SCHOOL_QUIET_HOURS;
const until = (
  now: string,
  opts: { zone?: string; school?: typeof school | null; own?: typeof school | null },
) =>
  quietUntil({
    now: new Date(now),
    timeZone: opts.zone ?? 'Europe/Berlin',
    school: opts.school === undefined ? school : opts.school,
    own: opts.own ?? null,
  })?.toISOString() ?? null;

describe('quietUntil', () => {
  it('holds a pupil at 22:00 Berlin time until 07:00 the next morning (winter, UTC+1)', () => {
    expect(until('2026-01-15T21:00:00Z', {})).toBe('2026-01-16T06:00:00.000Z');
  });

  it('is not quiet at noon, nor a second before 19:00; at 19:00 sharp it is', () => {
    expect(until('2026-01-15T11:00:00Z', {})).toBeNull();
    expect(until('2026-01-15T17:59:59Z', {})).toBeNull();
    expect(until('2026-01-15T18:00:00Z', {})).toBe('2026-01-16T06:00:00.000Z');
  });

  it('in the morning part of a window over midnight ends the same day; at 07:00 it is over', () => {
    expect(until('2026-01-16T04:00:00Z', {})).toBe('2026-01-16T06:00:00.000Z');
    expect(until('2026-01-16T06:00:00Z', {})).toBeNull();
  });

  it('equal start and end mean no quiet hours', () => {
    expect(until('2026-01-15T21:00:00Z', { school: { start: '07:00', end: '07:00' } })).toBeNull();
    expect(until('2026-01-15T21:00:00Z', { school: null })).toBeNull();
  });

  it('a window within one day (13:00–15:00)', () => {
    const own = { start: '13:00', end: '15:00' };
    expect(until('2026-01-15T12:30:00Z', { school: null, own })).toBe('2026-01-15T14:00:00.000Z');
    expect(until('2026-01-15T14:00:00Z', { school: null, own })).toBeNull();
  });

  it('the night of the spring switch (29 March 2026) ends at 07:00 summer time', () => {
    expect(until('2026-03-28T21:00:00Z', {})).toBe('2026-03-29T05:00:00.000Z');
    // after the switch, at 03:30 summer time
    expect(until('2026-03-29T01:30:00Z', {})).toBe('2026-03-29T05:00:00.000Z');
  });

  it('the night of the autumn switch (25 October 2026) ends at 07:00 winter time', () => {
    expect(until('2026-10-24T20:00:00Z', {})).toBe('2026-10-25T06:00:00.000Z');
  });

  it('an end in the hour the spring switch skips moves on by the gap (02:30 → 03:30)', () => {
    const own = { start: '01:00', end: '02:30' };
    expect(until('2026-03-29T00:30:00Z', { school: null, own })).toBe('2026-03-29T01:30:00.000Z');
  });

  it('in the repeated autumn hour each pass of the window ends at its own 02:30', () => {
    const own = { start: '01:00', end: '02:30' };
    // 02:10 summer time, then 02:10 winter time an hour later
    expect(until('2026-10-25T00:10:00Z', { school: null, own })).toBe('2026-10-25T00:30:00.000Z');
    expect(until('2026-10-25T01:10:00Z', { school: null, own })).toBe('2026-10-25T01:30:00.000Z');
  });

  it('works in a zone with a half-hour offset (Asia/Tehran, UTC+3:30)', () => {
    expect(until('2026-06-01T18:30:00Z', { zone: 'Asia/Tehran' })).toBe('2026-06-02T03:30:00.000Z');
    expect(until('2026-06-01T15:29:00Z', { zone: 'Asia/Tehran' })).toBeNull();
    expect(until('2026-06-01T15:30:00Z', { zone: 'Asia/Tehran' })).toBe('2026-06-02T03:30:00.000Z');
  });

  it('an unknown zone counts as the default (Europe/Berlin)', () => {
    expect(until('2026-01-15T21:00:00Z', { zone: 'Mars/Olympus' })).toBe('2026-01-16T06:00:00.000Z');
  });

  it('the union: an own window overlapping the end of the school’s carries the quiet time on', () => {
    expect(until('2026-01-15T21:00:00Z', { own: { start: '06:30', end: '08:00' } })).toBe(
      '2026-01-16T07:00:00.000Z',
    );
  });

  it('the union: an own window starting exactly where the school’s ends chains on', () => {
    expect(until('2026-01-15T21:00:00Z', { own: { start: '07:00', end: '08:00' } })).toBe(
      '2026-01-16T07:00:00.000Z',
    );
  });

  it('the union: an own window inside the school’s changes nothing; one before it leads into it', () => {
    expect(until('2026-01-15T21:00:00Z', { own: { start: '21:00', end: '23:00' } })).toBe(
      '2026-01-16T06:00:00.000Z',
    );
    // 18:00: the own window 17:00–19:30 reaches into the school's 19:00–07:00
    expect(until('2026-01-15T17:00:00Z', { own: { start: '17:00', end: '19:30' } })).toBe(
      '2026-01-16T06:00:00.000Z',
    );
  });

  it('a teacher (no school window) with own quiet hours over midnight', () => {
    const own = { start: '22:00', end: '06:00' };
    // 21:30 and 22:00 Berlin time
    expect(until('2026-01-15T20:30:00Z', { school: null, own })).toBeNull();
    expect(until('2026-01-15T21:00:00Z', { school: null, own })).toBe('2026-01-16T05:00:00.000Z');
  });

  it('a union covering the whole day: the own window does not apply, the school’s alone ends it (07:00)', () => {
    expect(until('2026-01-15T21:00:00Z', { own: { start: '07:00', end: '19:00' } })).toBe(
      '2026-01-16T06:00:00.000Z',
    );
  });

  it('canary: school 19:00–07:00 with own 07:00–19:30 never ends inside the school’s window (was 19:30)', () => {
    const own = { start: '07:00', end: '19:30' };
    for (const now of ['2026-01-15T19:00:00Z', '2026-06-11T18:00:00Z']) {
      const end = until(now, { own });
      expect(end).not.toBeNull();
      // the result is outside the school's window
      expect(until(end!, { own: null })).toBeNull();
    }
    expect(until('2026-01-15T19:00:00Z', { own })).toBe('2026-01-16T06:00:00.000Z');
    expect(until('2026-06-11T18:00:00Z', { own })).toBe('2026-06-12T05:00:00.000Z');
    // 07:30 in the morning: the own window alone would hold it all day; it does not apply, so it goes now
    expect(until('2026-01-15T06:30:00Z', { own })).toBeNull();
  });
});

describe('instantOf', () => {
  it('gives the first occurrence of a repeated time, and moves a skipped one on by the gap', () => {
    expect(new Date(instantOf(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(instantOf(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(instantOf(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
