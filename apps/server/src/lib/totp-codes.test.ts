import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { TOTP_SECRET_BYTES } from '@aula/contracts';
import { checkTotpCode, newTotpSeed, timeStepOf, totpCodeAt, totpUri } from './totp-codes.ts';

describe('RFC 6238 Appendix B test vectors (SHA1, 8 digits) through otplib', () => {
  const seed = new TextEncoder().encode('12345678901234567890');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('T = %i gives %s', async (epoch, expected) => {
    expect(await generate({ secret: seed, digits: 8, period: 30, algorithm: 'sha1', epoch })).toBe(expected);
  });
});

describe('seeds and URIs', () => {
  it('a seed has 160 bits from the CSPRNG, in base32, and never repeats', () => {
    const seeds = new Set(Array.from({ length: 50 }, () => newTotpSeed()));
    expect(seeds.size).toBe(50);
    for (const s of seeds)
      expect(s).toMatch(new RegExp(`^[A-Z2-7]{${Math.ceil((TOTP_SECRET_BYTES * 8) / 5)}}$`));
  });

  it('the otpauth URI names issuer, user and every parameter', () => {
    expect(totpUri('max.müller', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe(
      'otpauth://totp/Aula:max.m%C3%BCller?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&issuer=Aula&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('our 6-digit codes are the RFC vectors truncated, from the seed in base32', async () => {
    const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(await totpCodeAt(base32, new Date(59_000))).toBe('287082');
    expect(await totpCodeAt(base32, new Date(1_111_111_109_000))).toBe('081804');
    expect(await totpCodeAt(base32, new Date(2_000_000_000_000))).toBe('279037');
    expect(await checkTotpCode(base32, '005924', new Date(1_234_567_890_000), null)).toEqual({
      result: 'ok',
      step: Math.floor(1_234_567_890 / 30),
    });
  });
});

describe('checkTotpCode', () => {
  const seed = newTotpSeed();
  const now = new Date('2026-03-02T08:00:10Z');
  const at = (steps: number) => new Date(now.getTime() + steps * 30_000);
  const step = timeStepOf(now);

  it('accepts the current step and one step either side, and says which step matched', async () => {
    for (const d of [-1, 0, 1]) {
      expect(await checkTotpCode(seed, await totpCodeAt(seed, at(d)), now, null)).toEqual({
        result: 'ok',
        step: step + d,
      });
    }
  });

  it('a code of a step already spent is "used"; a later step is still fine', async () => {
    const code = await totpCodeAt(seed, now);
    expect(await checkTotpCode(seed, code, now, step)).toEqual({ result: 'used' });
    expect(await checkTotpCode(seed, code, now, step + 1)).toEqual({ result: 'used' });
    expect(await checkTotpCode(seed, await totpCodeAt(seed, at(1)), now, step)).toEqual({
      result: 'ok',
      step: step + 1,
    });
    // the last step may lie beyond the window (a clock set back): nothing in it is fresh
    expect(await checkTotpCode(seed, code, now, step + 5)).toEqual({ result: 'used' });
  });

  it('2 to 10 steps back is "expired", older or unrelated codes are "wrong"', async () => {
    for (const d of [-2, -5, -10])
      expect(await checkTotpCode(seed, await totpCodeAt(seed, at(d)), now, null), `${d}`).toEqual({
        result: 'expired',
      });
    const ancient = await totpCodeAt(seed, at(-40));
    const future = await totpCodeAt(seed, at(3));
    const valid = new Set(await Promise.all([-1, 0, 1].map((d) => totpCodeAt(seed, at(d)))));
    if (!valid.has(ancient)) expect((await checkTotpCode(seed, ancient, now, null)).result).toBe('wrong');
    if (!valid.has(future)) expect((await checkTotpCode(seed, future, now, null)).result).toBe('wrong');
    expect((await checkTotpCode(seed, '12345', now, null)).result).toBe('wrong');
    expect((await checkTotpCode(seed, 'abcdef', now, null)).result).toBe('wrong');
  });
});
