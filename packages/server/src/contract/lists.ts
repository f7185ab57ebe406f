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

/** The largest page a "current page" export takes (the lists' biggest page size is far below). */
export const EXPORT_MAX_PAGE_SIZE = 1000;

/** The export options every list export takes in its query string, next to its own filter (docs/exports.md). */
export const ExportOptions = Type.Object({
  /** xlsx (default), pdf or docx. */
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('pdf'), Type.Literal('docx')])),
  /** `all` (default): the top 65,535 rows; `page`: the rows of page `page` of size `limit`, as the list shows them. */
  scope: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('page')])),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EXPORT_MAX_PAGE_SIZE })),
});
export type ExportOptions = Static<typeof ExportOptions>;

/** A basic-data list export's options: the table module's, and the IANA zone of its time columns (else the company's). */
export const ListExportOptions = Type.Object({
  ...ExportOptions.properties,
  time_zone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ListExportOptions = Static<typeof ListExportOptions>;
