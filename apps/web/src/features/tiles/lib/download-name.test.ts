import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-name';

describe('the download toast names the file the server sends', () => {
  it('reads the percent-encoded UTF-8 name the server writes', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''Elternbrief%20M%C3%A4rz.pdf`)).toBe(
      'Elternbrief März.pdf',
    );
  });

  it('reads a plain quoted name', () => {
    expect(fileNameOf('attachment; filename="plan.pdf"')).toBe('plan.pdf');
  });

  it('has no name without a header, or with a broken one (canaries)', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});
