export { spanFileBase } from './file-name.ts';
export { EXPORT_MAX_ROWS, ExportOptions, exportOptionsOf, exportWindow, sendTable, type TableReply } from './reply.ts';
export { cellText } from './resolve.ts';
export type { Cell, ExportColumn, ExportFormat, ExportTable } from './types.ts';
