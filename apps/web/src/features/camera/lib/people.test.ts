import { describe, expect, it } from 'vitest';
import { filterPeople, nameInitials } from './people';

describe('a card without a picture shows initials', () => {
  it('takes the first and the last name', () => {
    expect(nameInitials('Tina Lehmann')).toBe('TL');
    expect(nameInitials('Anna Maria von Berg')).toBe('AB');
    expect(nameInitials('  mia  ')).toBe('M');
    expect(nameInitials('علی رضایی')).toBe('عر');
    expect(nameInitials('')).toBe('');
  });
});

describe('the overview name filter', () => {
  const people = [
    { name: 'Sara Schmidt' },
    { name: 'Ali Yılmaz' },
    { name: 'Jörg Müller' },
    { name: 'Eva Strauß' },
  ];

  it('an empty query keeps everyone in order', () => {
    expect(filterPeople(people, '  ')).toEqual(people);
  });

  it('matches parts of the name in any case, without accents', () => {
    expect(filterPeople(people, 'mull').map((p) => p.name)).toEqual(['Jörg Müller']);
    expect(filterPeople(people, 'SARA').map((p) => p.name)).toEqual(['Sara Schmidt']);
    expect(filterPeople(people, 'strauss').map((p) => p.name)).toEqual(['Eva Strauß']);
  });

  it('every word must match', () => {
    expect(filterPeople(people, 'jö mü').map((p) => p.name)).toEqual(['Jörg Müller']);
    expect(filterPeople(people, 'sara müller')).toEqual([]);
  });
});
