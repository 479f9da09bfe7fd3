import { describe, expect, it } from 'vitest';
import { MAX_ROOMS_PER_PAGE, ROOM_TYPES, RoomListQuerySchema } from '@aula/contracts';
import {
  ROOM_LIST_TYPES,
  ROOMS_PER_PAGE_MAX,
  filterCount,
  fromAddress,
  hasFilters,
  listQueryString,
  toListQuery,
  validateRoomSearch,
} from './room-search';
import { validateRoomEditSearch } from './room-search-params';

describe('the room chooser address (spec 3.6: page, perPage, q, roomType, showAll)', () => {
  it('keeps the filters of a well-formed address', () => {
    expect(
      validateRoomSearch({ page: 3, perPage: 50, q: ' Mathe ', roomType: 'own', showAll: true, room: 7 }),
    ).toEqual({ page: 3, perPage: 50, q: 'Mathe', roomType: 'own', showAll: true, room: 7 });
    // a hand-typed address: numbers and booleans as text
    expect(validateRoomSearch({ page: '2', perPage: '10', showAll: 'true', room: '4' })).toMatchObject({
      page: 2,
      perPage: 10,
      showAll: true,
      room: 4,
    });
  });

  it('drops what makes no sense and still opens the page (decision 049)', () => {
    expect(
      validateRoomSearch({
        page: 0,
        perPage: ROOMS_PER_PAGE_MAX + 1,
        q: '   ',
        roomType: 'everything',
        showAll: 'yes',
        room: -1,
      }),
    ).toEqual({
      page: undefined,
      perPage: undefined,
      q: undefined,
      roomType: undefined,
      showAll: undefined,
      room: undefined,
    });
    expect(validateRoomSearch({ page: 'x', perPage: 2.5, q: { a: 1 } })).toMatchObject({
      page: undefined,
      perPage: undefined,
      q: undefined,
    });
    expect(validateRoomSearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('knows the room types and the page size limit of the contract', () => {
    expect([...ROOM_LIST_TYPES]).toEqual([...ROOM_TYPES]);
    expect(ROOMS_PER_PAGE_MAX).toBe(MAX_ROOMS_PER_PAGE);
  });

  it('/edit takes the room number from ?id', () => {
    expect(validateRoomEditSearch({ id: '12' })).toEqual({ id: 12 });
    expect(validateRoomEditSearch({ id: 'abc' })).toEqual({ id: undefined });
    expect(validateRoomEditSearch({})).toEqual({ id: undefined });
  });
});

describe('the filters as the list query', () => {
  it('showAll counts for admins only (a pupil typing ?showAll=true gets their own list)', () => {
    expect(fromAddress({ showAll: true }, true).showAll).toBe(true);
    expect(fromAddress({ showAll: true }, false).showAll).toBeUndefined();
    expect(toListQuery(fromAddress({ showAll: true }, false))).not.toHaveProperty('showAll');
    expect(toListQuery(fromAddress({ showAll: true }, true))).toMatchObject({ showAll: 'true' });
  });

  it('defaults are left out of the address and filled in for the server', () => {
    const search = fromAddress({ page: 1, perPage: 20, roomType: 'all' }, true);
    expect(search).toEqual({
      page: undefined,
      perPage: undefined,
      q: undefined,
      roomType: undefined,
      showAll: undefined,
    });
    expect(hasFilters(search)).toBe(false);
    expect(filterCount(search)).toBe(0);
    expect(toListQuery(search)).toEqual({ page: 1, perPage: 20, roomType: 'all' });
  });

  it('counts the filters the phone button shows (the page size is no filter)', () => {
    const search = fromAddress({ q: 'Mathe', roomType: 'shared', perPage: 50, page: 2 }, false);
    expect(hasFilters(search)).toBe(true);
    expect(filterCount(search)).toBe(2);
    expect(toListQuery(search)).toEqual({ page: 2, perPage: 50, roomType: 'shared', q: 'Mathe' });
  });

  it('every query the page makes is one the server accepts, in one order', () => {
    const query = toListQuery(fromAddress({ q: 'Mathe 5a', roomType: 'own', showAll: true, page: 3 }, true));
    expect(listQueryString(query)).toBe('q=Mathe+5a&roomType=own&showAll=true&page=3&perPage=20');
    const parsed = RoomListQuerySchema.parse(Object.fromEntries(new URLSearchParams(listQueryString(query))));
    expect(parsed).toEqual({ page: 3, perPage: 20, q: 'Mathe 5a', roomType: 'own', showAll: true });
  });
});
