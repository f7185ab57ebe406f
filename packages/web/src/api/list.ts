export type { ListResult as Page, PageQuery } from '@headway/server/contract';

import { DEFAULT_PAGE_SIZE, PAGE_SIZES as SIZES } from '@headway/spec';

/** Spec section 9: page sizes and the default limit (@headway/spec pages.ts). */
export const PAGE_SIZES: number[] = [...SIZES];
export const DEFAULT_LIMIT = DEFAULT_PAGE_SIZE;
