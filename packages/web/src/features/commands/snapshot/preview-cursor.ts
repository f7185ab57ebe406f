// Stepping through a vehicle's snapshots a page at a time (newest first): previous and next move within the
// page on screen and cross into the neighbouring page at its ends.

export interface PreviewCursor {
  page: number;
  /** Index on the page; 'last' until the previous page has arrived and its length is known. */
  index: number | 'last';
}

export const FIRST: PreviewCursor = { page: 1, index: 0 };

/** The cursor's position among all snapshots, from 0. */
export function positionOf(cursor: PreviewCursor, limit: number, rowsOnPage: number): number {
  const index = cursor.index === 'last' ? Math.max(rowsOnPage - 1, 0) : cursor.index;
  return (cursor.page - 1) * limit + index;
}

export function previous(cursor: PreviewCursor, rowsOnPage: number): PreviewCursor {
  const index = cursor.index === 'last' ? rowsOnPage - 1 : cursor.index;
  if (index > 0) return { page: cursor.page, index: index - 1 };
  if (cursor.page > 1) return { page: cursor.page - 1, index: 'last' };
  return cursor;
}

export function next(cursor: PreviewCursor, limit: number, rowsOnPage: number, total: number): PreviewCursor {
  const index = cursor.index === 'last' ? rowsOnPage - 1 : cursor.index;
  if (index < rowsOnPage - 1) return { page: cursor.page, index: index + 1 };
  if (cursor.page * limit < total) return { page: cursor.page + 1, index: 0 };
  return cursor;
}
