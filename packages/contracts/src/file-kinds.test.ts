// The file-kind table: the names users read for each kind of upload, in the order the server lists them.
import { describe, expect, it } from 'vitest';
import {
  CHAT_MIMES,
  DOWNLOAD_MIMES,
  fileKindNames,
  ICON_MIMES,
  isFileKind,
  PHOTO_MIMES,
} from './plain/file-kinds.ts';

describe('file kinds', () => {
  it('names each kind once, in order', () => {
    expect(fileKindNames(PHOTO_MIMES)).toEqual(['PNG', 'JPEG', 'WebP']);
    expect(fileKindNames(ICON_MIMES)).toEqual(['PNG', 'JPEG', 'WebP', 'GIF', 'SVG']);
    expect(fileKindNames(CHAT_MIMES)).toEqual([
      'JPEG',
      'PNG',
      'WebP',
      'GIF',
      'PDF',
      'Word',
      'Excel',
      'PowerPoint',
      'OpenDocument',
    ]);
    expect(fileKindNames(DOWNLOAD_MIMES).join(', ')).toBe(
      'PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, PNG, JPEG, GIF, WebP, MP3, MP4',
    );
  });

  it('takes only the types of the list (canary: a type of another list, an unknown one)', () => {
    expect(isFileKind(PHOTO_MIMES, 'image/jpeg')).toBe(true);
    expect(isFileKind(PHOTO_MIMES, 'image/gif')).toBe(false);
    expect(isFileKind(CHAT_MIMES, 'application/zip')).toBe(false);
    expect(isFileKind(DOWNLOAD_MIMES, 'text/html')).toBe(false);
  });
});
