import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../files/file-reply.ts';
import { pictureFileName } from './camera.service.ts';

describe('pictureFileName', () => {
  it("is the person's name and the day, with dashes for spaces", () => {
    expect(pictureFileName('Sara Schmidt', '2026-11-26')).toBe('Sara-Schmidt-2026-11-26.jpg');
    expect(pictureFileName('  Jean-Luc  de la Cour ', '2026-01-02')).toBe(
      'Jean-Luc-de-la-Cour-2026-01-02.jpg',
    );
  });

  it('keeps letters of any script and drops what a file system or header would not take', () => {
    expect(pictureFileName('مريم أحمد', '2026-11-26')).toBe('مريم-أحمد-2026-11-26.jpg');
    expect(pictureFileName('a/b\\c:"d"\u0007', '2026-11-26')).toBe('a-b-c-d-2026-11-26.jpg');
    expect(pictureFileName('', '2026-11-26')).toBe('Foto-2026-11-26.jpg');
    expect(contentDisposition('attachment', pictureFileName('مريم', '2026-11-26'))).toMatch(
      /^attachment; filename\*=UTF-8''[A-Za-z0-9%._-]+$/,
    );
  });
});
