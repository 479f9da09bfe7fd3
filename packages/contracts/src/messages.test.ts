import { describe, expect, it } from 'vitest';
import { pickText } from './messages.ts';

describe('pickText (spec 9: fallback de)', () => {
  it('takes the reader’s language, then German, then any written language', () => {
    expect(pickText({ de: 'Hallo', ar: 'مرحبا' }, 'ar')).toEqual({ text: 'مرحبا', lang: 'ar' });
    expect(pickText({ de: 'Hallo', en: ' ' }, 'en')).toEqual({ text: 'Hallo', lang: 'de' });
    expect(pickText({ fa: 'سلام' }, 'en')).toEqual({ text: 'سلام', lang: 'fa' });
    expect(pickText({}, 'en')).toEqual({ text: '', lang: 'en' });
  });
});
