import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesOf, refuseName } from './new-area.ts';

// The scaffold's name check (decision 091): a bad name or one already taken is refused before anything is
// written. scripts/new-area.check.ts proves the rest (a scaffolded area passes lint, typecheck and its tests).
const root = dirname(dirname(fileURLToPath(import.meta.url)));

describe('npm run new-area: the name', () => {
  it('takes a new kebab-case name', () => {
    expect(refuseName('lost-found', root)).toBeNull();
    expect(refuseName('room2', root)).toBeNull();
  });

  it('refuses a name that is not kebab-case (canary)', () => {
    for (const bad of ['LostFound', 'lost_found', 'lostFound', '-lost', 'lost-', 'lost--found', '2lost', ''])
      expect(refuseName(bad, root), bad).toMatch(/is not kebab-case/);
    expect(refuseName('a'.repeat(31), root)).toMatch(/longer than 30/);
  });

  it('refuses a module, a feature or a locale section that exists (canary)', () => {
    expect(refuseName('sick', root)).toMatch(/is taken: apps\/server\/src\/modules\/sick/);
    expect(refuseName('bbb-settings', root)).toMatch(/is taken: apps\/web\/src\/features\/bbb-settings/);
    expect(refuseName('totp-setup', root)).toMatch(/"totpSetup" key/);
  });

  it('names the parts of a kebab name', () => {
    expect(namesOf('lost-found', { de: 'Fundsachen' }, '092')).toMatchObject({
      camel: 'lostFound',
      pascal: 'LostFound',
      snake: 'lost_found',
      upper: 'LOST_FOUND',
      table: 'lost_found_items',
      titles: { de: 'Fundsachen', en: 'Lost found', fa: 'Lost found', ar: 'Lost found' },
    });
  });

  it('the command refuses a bad name with a clear message and writes nothing', () => {
    const status = () => spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).stdout;
    const before = status();
    const r = spawnSync('node', ['--import', 'tsx', join(root, 'scripts/new-area.ts'), 'Bad_Name'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('"Bad_Name" is not kebab-case');
    expect(r.stderr).toContain('Nothing was written.');
    expect(status()).toBe(before);
  });
});
