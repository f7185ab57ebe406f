export type { ListResult as Page, PageQuery } from '@headway/server/contract';

import { PAGE_SIZES as SIZES } from '@headway/server/contract';

/** Spec section 9: page sizes and the default limit. */
export const PAGE_SIZES: number[] = [...SIZES];
export const DEFAULT_LIMIT = 20;
