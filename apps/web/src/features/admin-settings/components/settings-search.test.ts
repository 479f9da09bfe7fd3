import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES } from '@aula/contracts';
import { matchesQuery, shownSettings } from './settings-search';

describe('the settings search (issue 19, decision 060)', () => {
  it('finds a setting by the words of its label, ignoring case, accents and word order', () => {
    expect(matchesQuery('Mindestlänge des Passworts', 'passworts')).toBe(true);
    expect(matchesQuery('Mindestlänge des Passworts', 'PASSWORTS mindestlange')).toBe(true);
    expect(matchesQuery('الحد الأدنى لطول كلمة المرور', 'كلمة')).toBe(true);
    expect(matchesQuery('anything', '   ')).toBe(true);
  });

  it('canary: a word that is not in the label does not match', () => {
    expect(matchesQuery('Mindestlänge des Passworts', 'passwort sitzung')).toBe(false);
  });
});

describe('settings of features that are not built (decision 060)', () => {
  it('hides them, and the feature list, while no feature is built', () => {
    const shown = shownSettings([]);
    expect(shown).not.toContain('chat_show_seen_indicator');
    expect(shown).not.toContain('enable_sick_photo');
    expect(shown).not.toContain('enabled_features');
    expect(shown).toContain('password_length');
    // keys of the login background tab are edited there
    expect(shown).not.toContain('login_msg');
  });

  it('shows a feature setting once its feature is built', () => {
    const shown = shownSettings(['chat']);
    expect(shown).toContain('chat_show_seen_indicator');
    expect(shown).toContain('enabled_features');
    expect(shown).not.toContain('enable_sick_photo');
  });

  it('the default follows BUILT_FEATURES', () => {
    expect(shownSettings()).toEqual(shownSettings(BUILT_FEATURES));
  });
});
