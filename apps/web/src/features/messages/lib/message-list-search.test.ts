import { describe, expect, it } from 'vitest';
import { validateMessageListSearch } from './message-list-search';

describe('the admin messages list address (a reload and Back keep the page)', () => {
  it('keeps the page of a well-formed address, also as text', () => {
    expect(validateMessageListSearch({ page: 3 })).toEqual({ page: 3 });
    expect(validateMessageListSearch({ page: '2', id: 7 })).toEqual({ page: 2 });
  });

  it('drops a page that makes no sense (canary: each must be refused)', () => {
    for (const page of [0, -1, 1.5, 'zwei', '', null, { n: 1 }])
      expect(validateMessageListSearch({ page })).toEqual({ page: undefined });
  });
});
