import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsv, detectDelimiter, parseCsv } from './csv.ts';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('the CSV reader of the identity import', () => {
  it('reads semicolon exports (German school software) and comma files alike', () => {
    expect(cells('Nachname;Vorname\nMüller;Max\n')).toEqual([
      ['Nachname', 'Vorname'],
      ['Müller', 'Max'],
    ]);
    expect(cells('lastName,firstName\r\nDoe,Jane\r\n')).toEqual([
      ['lastName', 'firstName'],
      ['Doe', 'Jane'],
    ]);
  });

  it('takes the delimiter from the header line only', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('a,b;c,d\n')).toBe(',');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('single\n')).toBe(';');
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(cells('\uFEFFNachname;Vorname\nA;B')).toEqual([
      ['Nachname', 'Vorname'],
      ['A', 'B'],
    ]);
  });

  it('reads quoted fields with delimiters, escaped quotes and line breaks inside', () => {
    const rows = parseCsv('a;b\n"x;y";"say ""hi"""\n"two\r\nlines";z\nlast;row');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;y', 'say "hi"'] },
      { line: 3, cells: ['two\r\nlines', 'z'] },
      { line: 5, cells: ['last', 'row'] },
    ]);
  });

  it('keeps empty cells and skips empty lines, counting lines as the file has them', () => {
    expect(parseCsv('a;b;c\n\n;;\n1;;3\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 4, cells: ['1', '', '3'] },
    ]);
  });

  it('refuses an unterminated quote or text after a closing quote', () => {
    expect(() => parseCsv('a;b\n"open;x\n')).toThrow(CsvError);
    expect(() => parseCsv('a;b\n"x"y;z\n')).toThrow(CsvError);
    expect(() => parseCsv('a;b\nx"y;z\n')).toThrow(CsvError);
  });

  it('decodes UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsv(new TextEncoder().encode('Müller'))).toBe('Müller');
    expect(decodeCsv(Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe('Müller');
  });
});
