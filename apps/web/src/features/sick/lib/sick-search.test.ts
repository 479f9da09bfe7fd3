import { describe, expect, it } from 'vitest';
import { filterCount, hasFilters, listQueryString, toListQuery, validateSickSearch } from './sick-search';

describe('the sick list’s address (validateSearch)', () => {
  it('keeps nothing for a bare address: the defaults', () => {
    expect(validateSickSearch({})).toEqual({});
    expect(hasFilters(validateSickSearch({}))).toBe(false);
  });

  it('reads groups and people as arrays, numbers or comma text, sorted and without repeats', () => {
    expect(validateSickSearch({ groups: [3, 1, 3] }).groups).toEqual([1, 3]);
    expect(validateSickSearch({ groups: 7 }).groups).toEqual([7]);
    expect(validateSickSearch({ users: '4,2,x,-1,0' }).users).toEqual([2, 4]);
    expect(validateSickSearch({ users: ['a', {}] }).users).toBeUndefined();
    expect(validateSickSearch({ groups: Array.from({ length: 80 }, (_, i) => i + 1) }).groups).toHaveLength(
      50,
    );
  });

  it('drops what makes no sense instead of failing, and writes the defaults as nothing', () => {
    expect(validateSickSearch({ who: 'parents', state: 'deleted', page: 'two', q: '   ' })).toEqual({});
    expect(validateSickSearch({ who: 'all', state: 'unprocessed', page: 1 })).toEqual({});
    expect(validateSickSearch({ page: -3 })).toEqual({});
    expect(validateSickSearch({ who: 'teachers', state: 'all', page: '3', q: ' Sara ' })).toEqual({
      who: 'teachers',
      state: 'all',
      page: 3,
      q: 'Sara',
    });
    expect(validateSickSearch({ q: 5 }).q).toBe('5');
    expect(validateSickSearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('counts the filters that are set', () => {
    expect(filterCount({ groups: [1, 2], q: 'a', page: 4 })).toBe(2);
    expect(hasFilters({ page: 2 })).toBe(false);
    expect(hasFilters({ state: 'processed' })).toBe(true);
  });
});

describe('filters → GET /api/sick query', () => {
  it('shows a teacher the unprocessed notices by default', () => {
    expect(toListQuery({}, true)).toEqual({
      page: 1,
      perPage: 20,
      showProcessed: 'false',
      showUnprocessed: 'true',
    });
  });

  it('maps every filter', () => {
    expect(
      toListQuery(
        { groups: [1, 2], users: [9], q: 'Sara', who: 'students', state: 'processed', page: 2 },
        true,
      ),
    ).toEqual({
      groups: '1,2',
      users: '9',
      userQ: 'Sara',
      onlyStudents: 'true',
      showProcessed: 'true',
      showUnprocessed: 'false',
      page: 2,
      perPage: 20,
    });
    expect(toListQuery({ who: 'teachers', state: 'all' }, true)).toMatchObject({
      onlyTeachers: 'true',
      showProcessed: 'true',
      showUnprocessed: 'true',
    });
  });

  it('gives a pupil their own notices, processed or not, whatever the address says', () => {
    expect(toListQuery({ groups: [1], q: 'x', who: 'teachers', state: 'processed', page: 3 }, false)).toEqual(
      {
        page: 3,
        perPage: 20,
        showProcessed: 'true',
        showUnprocessed: 'true',
      },
    );
  });

  it('writes the query string in a fixed order, without empty values', () => {
    expect(listQueryString(toListQuery({ users: [2, 4], q: 'a b', who: 'students' }, true))).toBe(
      'users=2%2C4&userQ=a+b&onlyStudents=true&showProcessed=false&showUnprocessed=true&page=1&perPage=20',
    );
  });
});
