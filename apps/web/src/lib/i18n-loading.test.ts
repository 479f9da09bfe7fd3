import { describe, expect, it } from 'vitest';
import { LOCALES } from '@aula/contracts';
import { STARTUP_AREAS, allStrings, startupStrings } from '@/locales';

describe('strings on demand (decision 048)', () => {
  it.each(LOCALES)(
    "%s's start-up part holds exactly the start-up areas, as the whole file has them",
    async (locale) => {
      const [startup, all] = await Promise.all([startupStrings[locale](), allStrings[locale]()]);
      expect(Object.keys(startup).sort()).toEqual([...STARTUP_AREAS].sort());
      for (const area of STARTUP_AREAS) expect(startup[area], area).toEqual(all[area]);
    },
  );
});
