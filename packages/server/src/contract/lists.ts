import { type Static, type TSchema, Type } from 'typebox';

// Paging shared by every list endpoint (spec section 9: default page 1, limit 20, fixed sizes).
export const PAGE_SIZES = [10, 20, 30, 50, 100, 150, 200] as const;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ enum: [...PAGE_SIZES], default: 20 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const ListResult = <T extends TSchema>(row: T) => Type.Object({ total: Type.Integer(), rows: Type.Array(row) });

export interface ListResult<T> {
  total: number;
  rows: T[];
}
