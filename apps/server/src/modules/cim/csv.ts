/** A CSV file that cannot be read (an unterminated quote, a quote in the middle of a field). */
export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`CSV syntax error in line ${line}`);
    this.name = 'CsvError';
  }
}

export interface CsvRow {
  /** the line the row starts on, 1-based (a quoted field may span several lines) */
  line: number;
  cells: string[];
}

/**
 * The delimiter of the header line: `;` (German exports), `,` or a tab, whichever occurs most
 * outside quotes; `;` when none does.
 */
export function detectDelimiter(text: string): string {
  let inQuotes = false;
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ';';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/**
 * RFC 4180 with what school software really writes: a UTF-8 BOM, CRLF or LF, quoted fields with
 * `""` for a quote and line breaks inside, and the delimiter taken from the header line.
 * Lines with only empty cells are skipped.
 */
export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ''))): CsvRow[] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quoted = false;
  const endRow = () => {
    cells.push(field);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
    quoted = false;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === '' && !quoted) {
      // a quoted field: read up to the closing quote
      const start = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(start);
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      quoted = true;
      const next = text[i];
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
        throw new CsvError(line);
      continue;
    }
    if (ch === delimiter) {
      cells.push(field);
      field = '';
      quoted = false;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      if (ch === '"') throw new CsvError(line);
      if (quoted) throw new CsvError(line);
      field += ch;
      i++;
    }
  }
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

/**
 * The bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252, which older German school
 * software still writes (umlauts would otherwise turn into replacement characters).
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
