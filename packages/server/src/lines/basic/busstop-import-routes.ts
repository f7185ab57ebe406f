import { BUS_STOP_STATES } from '@headway/spec';
import { sql } from 'kysely';
import { type BusStopRow, CreateBusStopBody } from '../../contract/index.ts';
import { assertBody } from '../../imports/body-schema.ts';
import type { BodyColumn, CellKind } from '../../imports/cells.ts';
import { importRoutes } from '../../imports/routes.ts';
import type { Services } from '../../services.ts';
import { transitDb } from '../schema.ts';
import { announceLines } from './api-kit.ts';
import { STOP_COLUMNS } from './export-columns.ts';
import { freeStopId, nextStopCode } from './stop-codes.ts';
import { busStopValues } from './stop-input.ts';
import { type BusStopValues, getStop, insertStop, updateStop } from './stop-queries.ts';

// Bus stops from xlsx (docs/exports.md "Imports"): the export's columns (export-columns.ts STOP_COLUMNS), each row
// through the rules of POST /basic/busstops. A row whose stop code is a stop of the company updates it (its
// stations' names follow, as after PUT); a row without a code gets the next free one when it is written.

const text: CellKind = { type: 'text' };
const number: CellKind = { type: 'number' };
/** The export's column key → the body field it fills and how it reads. */
const FIELDS: Record<string, { key: string; kind: CellKind; required?: boolean }> = {
  code: { key: 'stop_code', kind: text, required: true },
  name: { key: 'stop_name', kind: text, required: true },
  title: { key: 'title', kind: text },
  state: { key: 'state', kind: { type: 'code', table: BUS_STOP_STATES } },
  address: { key: 'address', kind: text },
  routes: { key: 'routes', kind: { type: 'shown' } },
  lat: { key: 'lat', kind: number, required: true },
  lng: { key: 'lng', kind: number, required: true },
};

const COLUMNS: readonly BodyColumn[] = STOP_COLUMNS.map((c) => {
  const field = FIELDS[c.key ?? ''];
  if (!field) throw new Error(`bus stop column ${c.key} has no import field`);
  return { header: c.header, ...field };
});

interface StopRowValues {
  stop: BusStopValues;
  /** The row named its code; otherwise one is given when written. */
  coded: boolean;
  stopId: string | undefined;
}

const bodyOfRow = (row: BusStopRow) => {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(CreateBusStopBody.properties)) body[key] = row[key as keyof BusStopRow];
  return body;
};

export function busStopImportRoutes(services: Pick<Services, 'db' | 'clock'>) {
  const { db } = services;
  return importRoutes<StopRowValues>(services, {
    path: '/basic/busstops/import',
    access: { screen: 'BasicBusStop', need: 'import' },
    title: { en: 'Bus stops', zh: '公交站点', th: 'ป้ายรถเมล์' },
    fileBase: 'bus-stops-import',
    columns: COLUMNS,
    unique: ['stop_code'],
    async check(body, context) {
      const code = String(body.stop_code ?? '').trim();
      const found =
        code === ''
          ? undefined
          : await transitDb(db)
              .selectFrom('bus_stops')
              .select('id')
              .where('company_id', '=', context.companyId)
              .where(sql<boolean>`lower(stop_code) = ${code.toLowerCase()}`)
              .executeTakeFirst();
      const current = found ? await getStop(db, context.companyId, Number(found.id)) : undefined;
      const merged = current ? { ...bodyOfRow(current), ...body } : body;
      assertBody(CreateBusStopBody, merged);
      const stop = await busStopValues(db, context.companyId, merged as CreateBusStopBody);
      return { existing: current?.id, values: { stop, coded: code !== '', stopId: current?.stop_id } };
    },
    async write(trx, rows, context) {
      for (const { existing, values } of rows) {
        if (existing !== undefined && values.stopId !== undefined) {
          await updateStop(trx, context.companyId, existing, values.stopId, values.stop);
          continue;
        }
        // Codes given when written: two new uncoded rows must not both take the next free code seen at preview.
        const stop_code = values.coded ? values.stop.stop_code : await nextStopCode(transitDb(trx), context.companyId);
        const stopId = await freeStopId(transitDb(trx), context.companyId, stop_code);
        await insertStop(trx, context.companyId, stopId, { ...values.stop, stop_code });
      }
    },
    // Renamed stops rename their stations: the ingest's next-station names follow.
    announce: (context) => announceLines(context.request, context.companyId),
  });
}
