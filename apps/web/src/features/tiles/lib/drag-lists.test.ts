import { describe, expect, it } from 'vitest';
import {
  containerOf,
  dragCancel,
  dragEnd,
  dragOver,
  dragPosition,
  dropPosition,
  type DragLists,
} from './drag-lists';

const lists = (layout: number[], unused: number[], pinned: number[] = []): DragLists => ({
  layout,
  unused,
  pinned: new Set(pinned),
});

describe('drag and drop on the edit page (spec 4.5)', () => {
  it('knows the list of a tile and of each drop area', () => {
    const s = lists([1, 2], [3]);
    expect(containerOf(s, 2)).toBe('layout');
    expect(containerOf(s, 3)).toBe('unused');
    expect(containerOf(s, 'layout')).toBe('layout');
    expect(containerOf(s, 'unused')).toBe('unused');
    expect(containerOf(s, 9)).toBeNull();
  });

  it('a tile dragged over a tile of the other list takes its place there', () => {
    expect(dragOver(lists([1, 2, 3], [4, 5]), 4, 2)).toEqual({ layout: [1, 4, 2, 3], unused: [5] });
    expect(dragOver(lists([1, 2, 3], [4, 5]), 2, 5)).toEqual({ layout: [1, 3], unused: [4, 2, 5] });
  });

  it('a tile dragged over the other list itself goes to its end', () => {
    expect(dragOver(lists([1, 2], [3]), 3, 'layout')).toEqual({ layout: [1, 2, 3], unused: [] });
    expect(dragOver(lists([1, 2], [3]), 1, 'unused')).toEqual({ layout: [2], unused: [3, 1] });
  });

  it('a pinned tile cannot be dragged out of the layout', () => {
    const s = lists([1, 2], [3], [1]);
    expect(dragOver(s, 1, 3)).toBe(s);
    expect(dragOver(s, 1, 'unused')).toBe(s);
  });

  it('dragging within one list, or over nothing known, changes nothing until the drop', () => {
    const s = lists([1, 2, 3], [4]);
    expect(dragOver(s, 1, 3)).toBe(s);
    expect(dragOver(s, 1, 99)).toBe(s);
  });

  it('a drop on a tile of the same list moves the tile to its place', () => {
    expect(dragEnd(lists([1, 2, 3], [4]), 1, 3)).toEqual({ layout: [2, 3, 1], unused: [4] });
    expect(dragEnd(lists([1, 2, 3], [4]), 3, 1)).toEqual({ layout: [3, 1, 2], unused: [4] });
    expect(dragEnd(lists([1], [4, 5, 6]), 6, 4)).toEqual({ layout: [1], unused: [6, 4, 5] });
  });

  it('a drop on nothing, on itself, on a list or across lists leaves the lists as they are', () => {
    const s = lists([1, 2, 3], [4]);
    expect(dragEnd(s, 1, null)).toBe(s);
    expect(dragEnd(s, 1, 1)).toBe(s);
    expect(dragEnd(s, 1, 'layout')).toBe(s);
    expect(dragEnd(s, 1, 4)).toBe(s);
  });

  it('a cancelled drag puts back the lists it started with', () => {
    const start = { layout: [1, 2], unused: [3] };
    const during = lists([1, 2, 3], []);
    expect(dragCancel(during, start)).toBe(start);
    expect(dragCancel(during, null)).toBe(during);
  });

  it('says where a tile is: its place in the layout, or in the unused list', () => {
    const s = lists([1, 2, 3], [4]);
    expect(dragPosition(s, 2)).toEqual({ in: 'layout', position: 2, total: 3 });
    expect(dragPosition(s, 4)).toEqual({ in: 'unused' });
    // over the layout area itself: the last place
    expect(dragPosition(s, 'layout')).toEqual({ in: 'layout', position: 3, total: 3 });
  });

  it('announces where the tile lands if dropped now, also once it is back over its own place', () => {
    const s = lists([1, 2, 3, 4], [5]);
    // forward over the third tile: it takes the third place
    expect(dropPosition(s, 1, 3)).toEqual({ in: 'layout', position: 3, total: 4 });
    // back over itself after moving: its own place (it was announced as the neighbour's before)
    expect(dropPosition(s, 3, 3)).toEqual({ in: 'layout', position: 3, total: 4 });
    // over the layout's free space: a drop there leaves it where it is, not at the end
    expect(dropPosition(s, 2, 'layout')).toEqual({ in: 'layout', position: 2, total: 4 });
    // a pinned tile over the unused list stays on the layout (canary: not "in the unused list")
    expect(dropPosition(lists([1, 2, 3, 4], [5], [1]), 1, 'unused')).toEqual({
      in: 'layout',
      position: 1,
      total: 4,
    });
  });
});
