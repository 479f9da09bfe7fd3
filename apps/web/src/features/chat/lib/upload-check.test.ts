import { describe, expect, it } from 'vitest';
import { checkUpload, typeNames } from './upload-check';

const config = {
  maxUploadBytes: 10 * 1024 * 1024,
  uploadTypes: ['image/jpeg', 'image/png', 'application/pdf'],
};

describe('checkUpload', () => {
  it('refuses a file over the limit before sending, naming the limit in MB', () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkUpload(big, config)).toEqual({ code: 'upload.too_large', params: { max: 10 } });
  });

  it('refuses a type the browser knows and the school does not take, naming the allowed ones', () => {
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    expect(checkUpload(exe, config)).toEqual({
      code: 'upload.invalid_type',
      params: { allowed: 'JPEG, PNG, PDF' },
    });
  });

  it('lets a photo, a PDF and a file of unknown type through (the server checks the content)', () => {
    expect(checkUpload(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), config)).toBeNull();
    expect(checkUpload(new File(['x'], 'a.pdf', { type: 'application/pdf' }), config)).toBeNull();
    expect(checkUpload(new File(['x'], 'README'), config)).toBeNull();
  });

  it('names unknown types by their subtype', () => {
    expect(typeNames(['image/avif'])).toBe('AVIF');
  });
});
