import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LOCALES } from '@aula/contracts';
import { STARTUP_AREAS, STARTUP_ERROR_AREAS, allStrings, startupStrings } from '@/locales';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fa from '@/locales/fa.json';
import ar from '@/locales/ar.json';

type Texts = Record<string, unknown>;
const files: Record<(typeof LOCALES)[number], { errors: Texts; areaErrors: Texts }> = { de, en, fa, ar };

/** The text at a dotted path ("auth.wrong_password") of a tree, if it is a string. */
function textAt(tree: Texts, path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], tree);
  return typeof value === 'string' ? value : undefined;
}

const startupArea = (code: string) =>
  (STARTUP_ERROR_AREAS as readonly string[]).includes(code.split('.')[0]!);

describe('strings on demand (decision 048)', () => {
  it.each(LOCALES)(
    "%s's start-up part holds exactly the start-up areas, as the whole language has them",
    async (locale) => {
      const [startup, all] = await Promise.all([startupStrings[locale](), allStrings[locale]()]);
      expect(Object.keys(startup).sort()).toEqual([...STARTUP_AREAS].sort());
      for (const area of STARTUP_AREAS) {
        if (area === 'errors') expect(all.errors, area).toMatchObject(startup.errors);
        else expect(startup[area], area).toEqual(all[area]);
      }
      expect(all).not.toHaveProperty('areaErrors');
    },
  );

  it.each(LOCALES)(
    '%s: every server error code has its text in the whole language, and in the start-up part exactly when its area starts up',
    async (locale) => {
      const [startup, all] = await Promise.all([startupStrings[locale](), allStrings[locale]()]);
      for (const code of ERROR_CODES) {
        expect(textAt(all.errors, code)?.trim(), `${locale}: ${code}`).toBeTruthy();
        expect(textAt(startup.errors, code) !== undefined, `${locale}: ${code} at start-up`).toBe(
          startupArea(code),
        );
      }
    },
  );

  it.each(LOCALES)(
    '%s.json keeps each error area in one place, as STARTUP_ERROR_AREAS says (else run scripts/split-errors.ts)',
    (locale) => {
      const { errors, areaErrors } = files[locale];
      const areas = (tree: Texts) => Object.keys(tree).filter((key) => typeof tree[key] === 'object');
      expect(areas(errors).sort()).toEqual([...STARTUP_ERROR_AREAS].sort());
      for (const area of areas(areaErrors)) expect(errors, `${area} in both places`).not.toHaveProperty(area);
      // the general texts that any screen can show
      for (const text of ['network', 'unknown', 'generic', 'withFields'])
        expect(typeof errors[text], text).toBe('string');
      expect(Object.values(areaErrors).every((value) => typeof value === 'object')).toBe(true);
    },
  );

  it("a first screen's errors come with the page, a lazy area's do not (canary)", async () => {
    const startup = await startupStrings.en();
    for (const code of [
      'auth.wrong_password', // sign-in
      'auth.wrong_code', // sign-in's TOTP step and the reset
      'auth.session_revoked', // the session refresh
      'password.rules', // the reset's new password
      'sso.denied', // the identity provider's refusal, back on /login
      'layout.unknown_tile', // home
      'messages.text_required', // home's admin messages
      'common.unavailable',
    ])
      expect(textAt(startup.errors, code), code).toBe(textAt(en.errors, code));
    for (const code of [
      'chat.not_member',
      'bbb.no_server',
      'sick.end_in_past',
      'push.no_devices',
      'mail.invalid',
    ])
      expect(textAt(startup.errors, code), code).toBeUndefined();
  });
});
