import { describe, expect, it } from 'vitest';
import { multipart } from './multipart.ts';

describe('the multipart builder', () => {
  it('sends the fields first, in order, then the files with their names and declared types', async () => {
    const form = multipart(
      { title: 'Blatt', color: 'sky-500' },
      { file: { data: Buffer.from('%PDF-1.4'), name: 'blatt.pdf', type: 'application/pdf' } },
    );
    expect([...form.keys()]).toEqual(['title', 'color', 'file']);
    expect(form.get('title')).toBe('Blatt');
    const file = form.get('file') as File;
    expect(file.name).toBe('blatt.pdf');
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4');
  });

  it('a file without a type is sent without one, as a browser does for an unknown kind', () => {
    const file = multipart({}, { file: { data: 'kein Bild', name: 'logo.png' } }).get('file') as File;
    expect(file.type).toBe('');
    expect(file.size).toBe(9);
  });
});
