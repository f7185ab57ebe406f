// Paging (product spec section 9, "Pagination"): every list answers pages of one of these sizes.

export const PAGE_SIZES = [10, 20, 30, 50, 100, 150, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20 satisfies PageSize;

/** Fixed page sizes of particular lists (section 9), for the screens that show them. */
export const LIST_PAGE_SIZES = {
  modal: 10,
  alarmPopup: 50,
  alarmDetails: 20,
  expiry: 10,
  trackTable: 20,
  fenceList: 10,
  stationPicker: 10,
} as const;
