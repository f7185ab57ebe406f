import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@headway/spec';
import { type Static, type TSchema, Type } from 'typebox';

// Paging shared by every list endpoint (spec section 9: default page 1, limit 20, fixed sizes; @headway/spec).
export { PAGE_SIZES };

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: DEFAULT_PAGE })),
  limit: Type.Optional(Type.Integer({ enum: [...PAGE_SIZES], default: DEFAULT_PAGE_SIZE })),
});
export type PageQuery = Static<typeof PageQuery>;

export const ListResult = <T extends TSchema>(row: T) => Type.Object({ total: Type.Integer(), rows: Type.Array(row) });

export interface ListResult<T> {
  total: number;
  rows: T[];
}
