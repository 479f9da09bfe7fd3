import { describe, expect, it } from 'vitest';
import { acceptOf, checkUpload } from './upload-check';

// as GET /api/matrix/config lists them
const config = { maxUploadBytes: 10 * 1024 * 1024, uploadTypes: ['JPEG', 'PNG', 'PDF', 'Word'] };

describe('checkUpload', () => {
  it('refuses a file over the limit before sending, naming the limit in MB', () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkUpload(big, config)).toEqual({ code: 'upload.too_large', params: { max: 10 } });
  });

  it('refuses a type the browser knows and the school does not take, naming the allowed ones', () => {
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    expect(checkUpload(exe, config)).toEqual({
      code: 'upload.invalid_type',
      params: { allowed: 'JPEG, PNG, PDF, Word' },
    });
    const gif = new File(['GIF8'], 'a.gif', { type: 'image/gif' });
    expect(checkUpload(gif, config)?.code).toBe('upload.invalid_type');
  });

  it('lets a photo, a PDF, a Word file and a file of unknown type through (the server checks the content)', () => {
    expect(checkUpload(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), config)).toBeNull();
    expect(checkUpload(new File(['x'], 'a.pdf', { type: 'application/pdf' }), config)).toBeNull();
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(checkUpload(new File(['x'], 'a.docx', { type: docx }), config)).toBeNull();
    expect(checkUpload(new File(['x'], 'README'), config)).toBeNull();
  });

  it('accepts in the file chooser exactly the allowed types', () => {
    expect(acceptOf(['JPEG', 'PDF'])).toBe('image/jpeg,application/pdf');
    expect(acceptOf([])).toBeUndefined();
    // the config names kinds of file; a type spelled out is not one of them
    expect(acceptOf(['image/png'])).toBeUndefined();
    // one name can stand for several types
    expect(acceptOf(['OpenDocument'])?.split(',')).toHaveLength(3);
  });
});
