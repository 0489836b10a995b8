import { describe, expect, it } from 'vitest';
import { clampPosition, moveInGrid } from './grid-navigation';

const size = { rows: 5, cols: 7, pageRows: 2 };

describe('moveInGrid (WAI-ARIA grid keys)', () => {
  it('moves one cell with the arrow keys', () => {
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'ArrowUp' }, size)).toEqual({ row: 1, col: 3 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'ArrowDown' }, size)).toEqual({ row: 3, col: 3 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'ArrowLeft' }, size)).toEqual({ row: 2, col: 2 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'ArrowRight' }, size)).toEqual({ row: 2, col: 4 });
  });

  it('stops at the edges instead of wrapping', () => {
    expect(moveInGrid({ row: 0, col: 0 }, { key: 'ArrowUp' }, size)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 0, col: 0 }, { key: 'ArrowLeft' }, size)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 4, col: 6 }, { key: 'ArrowDown' }, size)).toEqual({ row: 4, col: 6 });
    expect(moveInGrid({ row: 4, col: 6 }, { key: 'ArrowRight' }, size)).toEqual({ row: 4, col: 6 });
  });

  it('goes to the row ends with Home/End and to the grid corners with Ctrl or Cmd', () => {
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'Home' }, size)).toEqual({ row: 2, col: 0 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'End' }, size)).toEqual({ row: 2, col: 6 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'Home', ctrlKey: true }, size)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 2, col: 3 }, { key: 'End', metaKey: true }, size)).toEqual({ row: 4, col: 6 });
  });

  it('moves a page of rows with PageUp/PageDown, clamped', () => {
    expect(moveInGrid({ row: 3, col: 1 }, { key: 'PageUp' }, size)).toEqual({ row: 1, col: 1 });
    expect(moveInGrid({ row: 3, col: 1 }, { key: 'PageDown' }, size)).toEqual({ row: 4, col: 1 });
  });

  it('ignores keys that do not move, and empty grids', () => {
    expect(moveInGrid({ row: 1, col: 1 }, { key: ' ' }, size)).toBeNull();
    expect(moveInGrid({ row: 1, col: 1 }, { key: 'a' }, size)).toBeNull();
    expect(moveInGrid({ row: 0, col: 0 }, { key: 'ArrowDown' }, { rows: 0, cols: 7 })).toBeNull();
  });

  it('moves from a remembered position outside a grid that has shrunk', () => {
    expect(moveInGrid({ row: 40, col: 3 }, { key: 'ArrowUp' }, size)).toEqual({ row: 3, col: 3 });
    expect(clampPosition({ row: 40, col: 9 }, size)).toEqual({ row: 4, col: 6 });
  });
});
