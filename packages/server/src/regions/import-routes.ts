import { REGION_TYPES, REGION_USE_TYPES } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { CreateRegionBody } from '../contract/index.ts';
import { assertBody } from '../imports/body-schema.ts';
import type { BodyColumn } from '../imports/cells.ts';
import { importRoutes } from '../imports/routes.ts';
import { parameterError } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import type { Database } from '../store/schema.ts';
import { getRegion, insertRegion, updateRegion } from './queries.ts';
import { regionValues } from './region-input.ts';
import { regionDb } from './schema.ts';

// Regions from xlsx (docs/exports.md "Imports"): POST /basic/region/import with the rules of POST /basic/region.
// A row whose name is a region of the company the caller may edit updates it.

const COLUMNS: readonly BodyColumn[] = [
  { key: 'region_name', header: { en: 'Name', zh: '区域名称', th: 'ชื่อพื้นที่' }, required: true, kind: { type: 'text' } },
  {
    key: 'region_type',
    header: { en: 'Type', zh: '类型', th: 'ประเภท' },
    required: true,
    kind: { type: 'code', table: REGION_TYPES },
  },
  { key: 'region_point', header: { en: 'Points', zh: '坐标点', th: 'พิกัด' }, required: true, kind: { type: 'text' } },
  {
    key: 'use_type',
    header: { en: 'Use', zh: '用途', th: 'การใช้งาน' },
    kind: { type: 'code', table: REGION_USE_TYPES },
  },
  { key: 'is_share', header: { en: 'Shared', zh: '共享', th: 'แชร์' }, kind: { type: 'yesNo' } },
  { key: 'remark', header: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' }, kind: { type: 'text' } },
];

async function regionIdByName(db: Kysely<Database>, companyId: number, name: string): Promise<number | undefined> {
  const row = await regionDb(db)
    .selectFrom('regions')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(region_name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

export function regionImportRoutes(services: Pick<Services, 'db' | 'clock'>) {
  const { db } = services;
  return importRoutes(services, {
    path: '/basic/region/import',
    access: { screen: ['BasicRegion', 'MonitoringMap'], need: 'import' },
    title: { en: 'Regions', zh: '区域', th: 'พื้นที่' },
    fileBase: 'regions-import',
    columns: COLUMNS,
    unique: ['region_name'],
    async check(body, context) {
      assertBody(CreateRegionBody, body);
      const values = regionValues(body as CreateRegionBody);
      const existing = await regionIdByName(db, context.companyId, values.region_name);
      // A name the company holds in a region this user may not see is taken, as on POST /basic/region.
      if (existing !== undefined && !(await getRegion(db, context, existing))) {
        throw parameterError('region_name', 'name taken');
      }
      return { existing, values };
    },
    async write(trx, rows, context) {
      for (const { existing, values } of rows) {
        if (existing === undefined) await insertRegion(trx, context, values, context.now);
        else await updateRegion(trx, context.companyId, existing, values, context.now);
      }
    },
    announce: (context) => context.request.server.announceRegionChange?.(context.companyId),
  });
}
