import { describe, expect, it } from 'vitest';
import {
  filterCount,
  fromAddress,
  hasFilters,
  listQueryString,
  toAddress,
  toListQuery,
  validateSickSearch,
} from './sick-search';

/** What the page reads from an address: the route's check, then the page's filters. */
const read = (search: Record<string, unknown>) => fromAddress(validateSickSearch(search));

describe('the sick list’s address (validateSearch, then the page’s filters)', () => {
  it('keeps nothing for a bare address: the defaults', () => {
    expect(read({})).toEqual({});
    expect(hasFilters(read({}))).toBe(false);
  });

  it('reads groups and people from comma text or a number, sorted and without repeats', () => {
    expect(validateSickSearch({ groups: '3,1,3' }).groups).toBe('3,1,3');
    expect(read({ groups: '3,1,3' }).groups).toEqual([1, 3]);
    expect(read({ groups: 7 }).groups).toEqual([7]);
    expect(read({ users: '0,4' }).users).toEqual([4]);
    expect(read({ users: '4,x' }).users).toBeUndefined();
    expect(read({ users: [1, 2] }).users).toBeUndefined();
    expect(read({ groups: '-1' }).groups).toBeUndefined();
    expect(read({ groups: Array.from({ length: 60 }, (_, i) => i + 1).join(',') }).groups).toBeUndefined();
    expect(read({ groups: Array.from({ length: 50 }, (_, i) => 50 - i).join(',') }).groups).toHaveLength(50);
  });

  it('drops what makes no sense instead of failing, and writes the defaults as nothing', () => {
    expect(read({ who: 'parents', state: 'deleted', page: 'two', q: '   ' })).toEqual({});
    expect(read({ who: 'all', state: 'unprocessed', page: 1 })).toEqual({});
    expect(read({ page: -3 })).toEqual({});
    expect(read({ who: 'teachers', state: 'all', page: '3', q: ' Sara ' })).toEqual({
      who: 'teachers',
      state: 'all',
      page: 3,
      q: 'Sara',
    });
    expect(read({ q: 5 }).q).toBe('5');
    expect(read({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('writes changed ids back as comma text, and a cleared list as nothing', () => {
    expect(toAddress({ groups: [1, 2] })).toEqual({ groups: '1,2' });
    expect(toAddress({ users: [] })).toEqual({ users: undefined });
    expect(toAddress({ who: 'students', page: undefined })).toEqual({ who: 'students', page: undefined });
    expect(read({ ...validateSickSearch({}), ...toAddress({ users: [9, 4] }) }).users).toEqual([4, 9]);
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
