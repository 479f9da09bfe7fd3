// Quiet hours (decision 073): when a push waits. Pure: the school's window (pupils only) and the user's own,
// read as wall-clock times in the school's time zone, so a window stays 19:00–07:00 across DST switches.
import { DEFAULT_TIME_ZONE, TIME_ZONES, type QuietHours } from '@aula/contracts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall-clock time at `ms` in `zone`, written as if it were UTC (so plain date arithmetic works on it). */
function wallOf(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  // formatToParts has no milliseconds; they are the same in every zone
  return wall + (((ms % 1000) + 1000) % 1000);
}

/**
 * The instant a wall-clock time has in `zone`, disambiguated like Temporal's 'compatible' (and RFC 5545): a time
 * that occurs twice (autumn) is its first occurrence after `later`; one skipped by a spring switch moves on by the gap (02:30 → 03:30).
 */
export function instantOf(wall: number, zone: string, later = -Infinity): number {
  const before = wall - (wallOf(wall - DAY, zone) - (wall - DAY));
  const after = wall - (wallOf(wall + DAY, zone) - (wall + DAY));
  // `later`: in the repeated hour, an end still ahead of now is its second occurrence
  const fits = [before, after].filter((t) => t > later && wallOf(t, zone) === wall).sort((a, b) => a - b);
  return fits[0] ?? before;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The end (as wall time) of the window that holds wall time `wall`, or null when the window does not hold it. */
function endIfInside(window: QuietHours, wall: number): number | null {
  const start = minutesOf(window.start) * MINUTE;
  const end = minutesOf(window.end) * MINUTE;
  if (start === end) return null;
  const midnight = Math.floor(wall / DAY) * DAY;
  const t = wall - midnight;
  if (start < end) return t >= start && t < end ? midnight + end : null;
  // over midnight: in the evening part it ends tomorrow, in the morning part today
  if (t >= start) return midnight + DAY + end;
  return t < end ? midnight + end : null;
}

export interface QuietInput {
  now: Date;
  /** the school's time zone (`time_zone`); an unknown one counts as the default */
  timeZone: string;
  /** the school's quiet hours when they apply to this user (pupils), else null */
  school: QuietHours | null;
  /** the user's own quiet hours, or null */
  own: QuietHours | null;
}

/**
 * Null when `now` is not in quiet time; else the instant it ends: the union of both windows, so a window that
 * starts where (or before) the other ends carries the quiet time on. Where the union leaves no gap in the day,
 * the user's own window does not apply: the school's window alone decides, so a pupil's push never lands
 * inside the school's quiet hours and still comes once a day (decision 073).
 */
export function quietUntil({ now, timeZone, school, own }: QuietInput): Date | null {
  const zone = (TIME_ZONES as readonly string[]).includes(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const windows = [school, own].filter((w): w is QuietHours => w !== null);
  const start = now.getTime();
  let at = start;
  let quiet = false;
  // two days and a DST hour: a union with a gap ends within that; one without never does
  while (at - start <= 2 * DAY + 60 * MINUTE) {
    const wall = wallOf(at, zone);
    const ends = windows.map((w) => endIfInside(w, wall)).filter((e): e is number => e !== null);
    if (ends.length === 0) return quiet ? new Date(at) : null;
    quiet = true;
    at = instantOf(Math.max(...ends), zone, at);
  }
  return own && school ? quietUntil({ now, timeZone, school, own: null }) : new Date(at);
}
