import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LANGUAGES,
  type Label,
  labelIn,
  REGION_TYPES,
  REGION_USE_TYPES,
  type RegionType,
  type RegionUseType,
} from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import type { CreateRegionBody } from '../contract/index.ts';
import { sendTable } from '../exports/table/index.ts';
import { checkRows, type ImportColumn, type ImportReport, readImportSheet } from '../imports/sheet.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import type { Database } from '../store/schema.ts';
import { getRegion, insertRegion, type RegionValues, type RegionViewer, updateRegion } from './queries.ts';
import { regionValues } from './region-input.ts';
import { regionDb } from './schema.ts';

// Regions from xlsx (docs/exports.md "Imports"): POST /basic/region/import checks every row with the same rules as
// POST /basic/region and answers what would be created, updated and refused (row, column, reason); with
// ?commit=true it writes, all rows in one transaction, and only when none is refused: nothing is half-imported.
// A row whose name is a region of the company the caller may edit updates it. GET /basic/region/import/template
// is the empty sheet with the headers in the caller's language.

const ACCESS = { screen: ['BasicRegion', 'MonitoringMap'], need: 'import' } as const;
/** Uploads larger than this answer 1009. */
export const REGION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows one import may hold (1009 beyond). */
export const REGION_IMPORT_MAX_ROWS = 5000;

const COLUMNS = [
  { key: 'name', header: { en: 'Name', zh: '区域名称', th: 'ชื่อพื้นที่' }, required: true },
  { key: 'type', header: { en: 'Type', zh: '类型', th: 'ประเภท' }, required: true },
  { key: 'points', header: { en: 'Points', zh: '坐标点', th: 'พิกัด' }, required: true },
  { key: 'useType', header: { en: 'Use', zh: '用途', th: 'การใช้งาน' } },
  { key: 'shared', header: { en: 'Shared', zh: '共享', th: 'แชร์' } },
  { key: 'remark', header: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' } },
] as const satisfies readonly ImportColumn[];

/** The API field a rule names → the column the user filled in. */
const FIELD_COLUMN: Record<string, (typeof COLUMNS)[number]['key']> = {
  region_name: 'name',
  region_type: 'type',
  region_point: 'points',
  use_type: 'useType',
  is_share: 'shared',
  remark: 'remark',
};

const YES: Label = { en: 'Yes', zh: '是', th: 'ใช่' };
const NO: Label = { en: 'No', zh: '否', th: 'ไม่' };

/** A code typed as its number or as its label in any console language. */
function codeOf<T extends number>(
  text: string,
  table: { readonly [code: number]: { readonly label: Label } },
): T | null {
  if (/^\d+$/.test(text) && table[Number(text)]) return Number(text) as T;
  const wanted = text.trim().toLowerCase();
  for (const [code, def] of Object.entries(table)) {
    if (LANGUAGES.some((l) => def.label[l].toLowerCase() === wanted)) return Number(code) as T;
  }
  return null;
}

function sharedOf(text: string): 0 | 1 {
  const wanted = text.trim().toLowerCase();
  if (wanted === '' || wanted === '0' || LANGUAGES.some((l) => NO[l].toLowerCase() === wanted)) return 0;
  if (wanted === '1' || LANGUAGES.some((l) => YES[l].toLowerCase() === wanted)) return 1;
  throw parameterError('is_share', 'yes or no');
}

function bodyOf(cells: Record<string, string>): CreateRegionBody {
  const type = codeOf<RegionType>(cells.type ?? '', REGION_TYPES);
  if (type === null) throw parameterError('region_type', 'unknown type');
  let use: RegionUseType | 0 = 0;
  if (cells.useType) {
    const found = codeOf<RegionUseType>(cells.useType, REGION_USE_TYPES);
    if (found === null) throw parameterError('use_type', 'unknown use');
    use = found;
  }
  return {
    region_name: cells.name ?? '',
    region_type: type,
    region_point: cells.points ?? '',
    use_type: use,
    is_share: sharedOf(cells.shared ?? ''),
    remark: cells.remark ?? '',
  };
}

async function regionIdByName(db: Kysely<Database>, companyId: number, name: string): Promise<number | undefined> {
  const row = await regionDb(db)
    .selectFrom('regions')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(region_name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

function viewerOf(request: FastifyRequest): RegionViewer {
  const { companyId, userId } = sessionOf(request);
  return { companyId, userId };
}

export function regionImportRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  return async (app) => {
    app.get('/basic/region/import/template', { config: { access: ACCESS } }, async (request, reply) => {
      async function* none(): AsyncGenerator<never> {}
      return sendTable(request, reply, {
        fileBase: 'regions-import',
        options: { format: 'xlsx' },
        table: {
          title: { en: 'Regions', zh: '区域', th: 'พื้นที่' },
          rows: none(),
          columns: COLUMNS.map((c) => ({
            key: c.key,
            header: c.header,
            width: c.key === 'points' ? 48 : 20,
            value: () => '',
          })),
        },
      });
    });

    app.post(
      '/basic/region/import',
      {
        bodyLimit: REGION_IMPORT_MAX_BYTES,
        schema: { querystring: Type.Object({ commit: Type.Optional(Type.Boolean()) }) },
        config: { access: ACCESS },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw parameterError('file', 'an xlsx file is expected as the body');
        const viewer = viewerOf(request);
        const language = pickLanguage(request.headers['accept-language']);
        const columnLabel = (field: string) => {
          const key = FIELD_COLUMN[field];
          const column = COLUMNS.find((c) => c.key === key);
          return column ? labelIn(column.header, language) : field;
        };
        const rows = await readImportSheet(request.body, COLUMNS, REGION_IMPORT_MAX_ROWS);
        const seen = new Set<string>();
        const { valid, refused } = await checkRows(
          rows,
          async (cells) => {
            const values = regionValues(bodyOf(cells));
            const key = values.region_name.toLowerCase();
            if (seen.has(key)) throw parameterError('region_name', 'the same name on an earlier row');
            seen.add(key);
            const existing = await regionIdByName(db, viewer.companyId, values.region_name);
            // A name the company holds in a region this user may not see is taken, as on POST /basic/region.
            if (existing !== undefined && !(await getRegion(db, viewer, existing))) {
              throw parameterError('region_name', 'name taken');
            }
            return { values, existing };
          },
          columnLabel,
        );
        const created = valid.filter((r) => r.values.existing === undefined).length;
        const report: ImportReport = {
          rows: rows.length,
          created,
          updated: valid.length - created,
          refused,
          written: false,
        };
        if (!request.query.commit) return ok(report);
        if (refused.length > 0)
          throw new ApiError(ErrorCode.parameter, { field: 'file', reason: 'rows refused', ...report });
        const now = epochSeconds(clock);
        await db.transaction().execute(async (trx) => {
          for (const { values } of valid) await write(trx, viewer, values.values, values.existing, now);
        });
        request.server.announceRegionChange?.(viewer.companyId);
        return ok({ ...report, written: true });
      },
    );
  };
}

async function write(
  db: Kysely<Database>,
  viewer: RegionViewer,
  values: RegionValues,
  existing: number | undefined,
  now: number,
): Promise<void> {
  if (existing === undefined) await insertRegion(db, viewer, values, now);
  else await updateRegion(db, viewer.companyId, existing, values, now);
}
