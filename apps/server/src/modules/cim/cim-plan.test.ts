import { describe, expect, it } from 'vitest';
import { identityKey, readImportFile, splitClasses, usernameBase } from './cim-plan.ts';

describe('the identity import plan', () => {
  it('usernames are ASCII: umlauts transliterated, accents dropped, spaces as dashes', () => {
    expect(usernameBase('Jörg Peter', 'Müller-Weiß')).toBe('joerg-peter.mueller-weiss');
    expect(usernameBase('Zoë', "O'Brien")).toBe('zoe.obrien');
    expect(usernameBase('مریم', 'احمدی')).toBe('user');
  });

  it('the class cell holds one or more groups separated by , or |, each once', () => {
    expect(splitClasses(' 5a , 7c|5A||  AG  Chor ')).toEqual(['5a', '7c', 'AG Chor']);
    expect(splitClasses('')).toEqual([]);
  });

  it('the identity is the ID, else the e-mail, else role and name (never the class)', () => {
    const base = { firstName: 'Max', lastName: 'Müller', type: 'S' };
    expect(identityKey({ ...base, id: '42', email: 'm@x.org' })).toBe('42');
    expect(identityKey({ ...base, id: '', email: 'M@X.org' })).toBe('mail:m@x.org');
    expect(identityKey({ ...base, id: '', email: null })).toBe('name:S:müller|max');
  });

  it('header names are German or English in any case; unknown columns are ignored', () => {
    const { rows, errors } = readImportFile(
      'VORNAME;nachname;Geburtsdatum;ROLE\nMax;Müller;2014-01-01;lehrer\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        key: 'name:L:müller|max',
        firstName: 'Max',
        lastName: 'Müller',
        email: null,
        type: 'L',
        classes: [],
      },
    ]);
  });

  it('names are normalised (decision 081); a name of invisible characters only is missing', () => {
    const { rows, errors } = readImportFile(
      'Vorname;Nachname;Rolle\n\u202EMax\u200B ;Rezaei\u200Czadeh\u200C;Schüler\n\u2800;Leer;Schüler\n',
    );
    expect(rows.map((r) => [r.firstName, r.lastName])).toEqual([['Max', 'Rezaei\u200Czadeh']]);
    expect(errors).toEqual([
      expect.objectContaining({ line: 3, code: 'first_name_missing', column: 'firstName' }),
    ]);
  });
});
