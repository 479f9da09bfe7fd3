/**
 * A round upper end for a chart's value axis (2, 4, 6, 8 or 10 × 10^n, at least 2), so the axis and its
 * middle gridline are whole numbers.
 */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  if (value === magnitude) return value;
  for (const step of [2, 4, 6, 8, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/**
 * The x position of a point in a chart `width` wide: right-to-left languages read time and bars from the
 * right, so the axis is mirrored rather than the drawing (the text stays readable).
 */
export function placeX(x: number, width: number, rtl: boolean): number {
  return rtl ? width - x : x;
}

/** A UTC day 'YYYY-MM-DD' as a Date at midnight UTC (the days the statistics count in). */
export function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
