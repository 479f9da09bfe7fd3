import { expect, test } from 'vitest';
import { validateEditSearch } from './edit-search';

test('/edit keeps a valid tab, groups and tile, and drops the rest', () => {
  expect(validateEditSearch({ tab: 'groups', groups: '1,2', app: '7' })).toEqual({
    tab: 'groups',
    groups: '1,2',
    app: 7,
  });
  expect(validateEditSearch({ tab: 'admin', groups: '1,x', app: 0 })).toEqual({
    tab: undefined,
    groups: undefined,
    app: undefined,
  });
});
