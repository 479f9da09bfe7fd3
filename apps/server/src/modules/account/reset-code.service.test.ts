import { describe, expect, it } from 'vitest';
import { RESET_CODE_LENGTH } from '@aula/contracts';
import { newResetCode } from './reset-code.service.ts';
import { mailLang, resetCodeMail } from './reset-code-mail.ts';

describe('reset codes', () => {
  it('are 8 symbols of an alphabet without 0, O, 1 and I, and use all 32 of them', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const code = newResetCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]+$/);
      expect(code).toHaveLength(RESET_CODE_LENGTH);
      for (const c of code) seen.add(c);
    }
    expect(seen.size).toBe(32);
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => newResetCode()));
    expect(codes.size).toBe(10_000);
  });
});

describe('reset mail texts', () => {
  it('exist in the four languages; auto and unknown languages get German', () => {
    expect(mailLang('auto')).toBe('de');
    expect(mailLang('xx')).toBe('de');
    const values = { firstName: 'Sara', username: 'student', code: 'ABCD-EFGH', minutes: 10 };
    const subjects = new Set<string>();
    for (const lang of ['de', 'en', 'fa', 'ar']) {
      const mail = resetCodeMail(lang, values);
      expect(mail.text, lang).toContain('    ABCD-EFGH\n');
      expect(mail.text, lang).toContain('student');
      expect(mail.text, lang).toContain('10');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(4);
  });
});
