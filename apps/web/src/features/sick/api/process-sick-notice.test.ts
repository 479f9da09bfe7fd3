import { describe, expect, it } from 'vitest';
import type { SickList, SickNotice } from '@aula/contracts';
import { withNotice } from './process-sick-notice';

const person = { id: 1, laraId: 'demo-student', name: 'Sara Schmidt', type: 'S' };
function notice(id: number, processed: boolean): SickNotice {
  return {
    id,
    user: person,
    reportedBy: person,
    groups: [{ id: 1, name: '5a' }],
    begin: '2026-11-26',
    end: '2026-11-27',
    message: '',
    hasPhoto: false,
    processed,
    processedAt: processed ? '2026-11-26T07:30:00.000Z' : null,
    processedBy: processed ? { ...person, id: 2, name: 'Tina Lehmann', type: 'L' } : null,
    createdAt: '2026-11-26T06:00:00.000Z',
  };
}

describe('a processed notice on the page on screen', () => {
  const list: SickList = { items: [notice(1, false), notice(2, false)], total: 2, unprocessed: 5 };

  it('stays in its place with its new state, and the count drops', () => {
    const next = withNotice(list, notice(2, true));
    expect(next.items.map((n) => [n.id, n.processed])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(next.unprocessed).toBe(4);
    expect(next.total).toBe(2);
  });

  it('takes the state the user chose before the answer, keeping the rest of the notice', () => {
    const next = withNotice(list, { id: 1, processed: true, processedAt: null, processedBy: null });
    expect(next.items[0]).toMatchObject({
      id: 1,
      processed: true,
      message: '',
      groups: [{ id: 1, name: '5a' }],
    });
    expect(next.unprocessed).toBe(4);
  });

  it('counts an unmarked notice again, and leaves a page without it alone', () => {
    const marked = withNotice(list, notice(1, true));
    expect(withNotice(marked, notice(1, false)).unprocessed).toBe(5);
    expect(withNotice(list, notice(9, true))).toBe(list);
    expect(withNotice(list, notice(1, false)).unprocessed).toBe(5);
  });
});
