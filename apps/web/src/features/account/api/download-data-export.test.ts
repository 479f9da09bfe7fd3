import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download-data-export';

describe('the data export file name', () => {
  it('takes the server’s name from Content-Disposition, filename* first', () => {
    expect(fileNameFrom('attachment; filename="aula-data-student.json"', 'x.json')).toBe(
      'aula-data-student.json',
    );
    expect(
      fileNameFrom(`attachment; filename="a.json"; filename*=UTF-8''aula-daten-j%C3%BCrgen.json`, 'x.json'),
    ).toBe('aula-daten-jürgen.json');
    expect(fileNameFrom('attachment; filename=plain.json', 'x.json')).toBe('plain.json');
  });

  it('falls back without a header or name, and never keeps a path', () => {
    expect(fileNameFrom(null, 'x.json')).toBe('x.json');
    expect(fileNameFrom('attachment', 'x.json')).toBe('x.json');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'x.json')).toBe('.._.._etc_passwd');
  });
});
