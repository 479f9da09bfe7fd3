const CHUNK = 1000;

/** Rows in chunks of at most 1000, so one statement never carries too many parameters. */
export function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}
