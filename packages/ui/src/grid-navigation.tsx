/**
 * Keyboard movement in a two-dimensional grid (the WAI-ARIA grid pattern): arrows move one cell,
 * Home/End go to the row's first/last cell, Ctrl+Home/End to the grid's first/last cell, PageUp/
 * PageDown move `pageRows` rows. Rows and columns stop at the edges (no wrapping), as the pattern says.
 * Row 0 may be a header row; the grid does not care what the rows hold.
 */
export interface GridPosition {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
  /** Rows one PageUp/PageDown moves. */
  pageRows?: number;
}

export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/** The position a key moves to, or null when the key is not a movement key. */
export function moveInGrid(
  position: GridPosition,
  { key, ctrlKey = false, metaKey = false }: GridKey,
  size: GridSize,
): GridPosition | null {
  if (size.rows <= 0 || size.cols <= 0) return null;
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const { row, col } = { row: clamp(position.row, lastRow), col: clamp(position.col, lastCol) };
  const page = size.pageRows ?? 4;
  const withModifier = ctrlKey || metaKey;
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(row - 1, lastRow), col };
    case 'ArrowDown':
      return { row: clamp(row + 1, lastRow), col };
    case 'ArrowLeft':
      return { row, col: clamp(col - 1, lastCol) };
    case 'ArrowRight':
      return { row, col: clamp(col + 1, lastCol) };
    case 'Home':
      return withModifier ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return withModifier ? { row: lastRow, col: lastCol } : { row, col: lastCol };
    case 'PageUp':
      return { row: clamp(row - page, lastRow), col };
    case 'PageDown':
      return { row: clamp(row + page, lastRow), col };
    default:
      return null;
  }
}

/** Keeps a remembered position inside a grid that may have shrunk (another week has fewer rows). */
export function clampPosition(position: GridPosition, size: GridSize): GridPosition {
  return { row: clamp(position.row, Math.max(0, size.rows - 1)), col: clamp(position.col, Math.max(0, size.cols - 1)) };
}
