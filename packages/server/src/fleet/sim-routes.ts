import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SHEETS, IN_USE_TEXTS, SIM_FIELD_LABELS as L, maskSensitive, SIM_PATTERN } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { sessionOf } from '../auth/access.ts';
import {
  CreateSimBody,
  IdParams,
  SimExportQuery,
  type SimFilter,
  SimListQuery,
  type SimRecord,
  SimValidatorQuery,
  UpdateSimBody,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { contains, pageOffset, paging } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { FleetScreen, on, SIM_READ } from './access.ts';
import { conflictError, inUseError } from './conflict.ts';
import { codeOf, optionalCodeOf, remarkOf, textOf } from './input.ts';
import { fleetDb } from './schema.ts';
import { type SheetColumn, sendSheet } from './workbook.ts';

// /basic/sims (issue 14, "likewise"): the company's SIM cards. A device names its SIM by number; the list says
// which terminal uses each. Numbers are sensitive (spec section 5): lists and exports carry them masked beside the
// full value the edit form needs.

const COLUMNS: SheetColumn<SimRecord>[] = [
  { label: L.sim_no, width: 22, value: (r) => r.sim_masked },
  { label: L.iccid, width: 24, value: (r) => (r.iccid ? maskSensitive(r.iccid) : '') },
  { label: L.operator, width: 14, value: (r) => r.operator },
  { label: L.expire_time, width: 14, kind: 'date', value: (r) => r.expire_time },
  { label: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { label: L.remark, width: 24, value: (r) => r.remark },
];

function base(db: Kysely<Database>, companyId: number, filter: SimFilter) {
  let query = fleetDb(db)
    .selectFrom('sims as s')
    .leftJoin('devices as d', (j) => j.onRef('d.sim', '=', 's.sim_no').onRef('d.company_id', '=', 's.company_id'))
    .where('s.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([contains('s.sim_no', search), contains('s.iccid', search), contains('s.operator', search)]),
    );
  }
  return query;
}

function select(query: ReturnType<typeof base>) {
  return query.select([
    's.id',
    's.sim_no',
    's.iccid',
    's.operator',
    's.expire_time',
    's.remark',
    'd.terminal_phone',
    's.created_at',
    's.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toRecord = (r: Stored): SimRecord => ({
  id: Number(r.id),
  sim_no: r.sim_no,
  sim_masked: maskSensitive(r.sim_no),
  iccid: r.iccid,
  operator: r.operator,
  expire_time: r.expire_time === null ? null : Number(r.expire_time),
  remark: r.remark,
  terminal_phone: r.terminal_phone ?? '',
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export function simRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const visible = async (companyId: number, id: number) => {
    const row = await select(base(db, companyId, {}).where('s.id', '=', id)).executeTakeFirst();
    if (!row) throw new ApiError(ErrorCode.recordMissing);
    return toRecord(row);
  };
  const taken = async (companyId: number, simNo: string, except?: number) => {
    let query = fleetDb(db)
      .selectFrom('sims')
      .select('id')
      .where('company_id', '=', companyId)
      .where('sim_no', '=', simNo);
    if (except !== undefined) query = query.where('id', '!=', except);
    return (await query.executeTakeFirst()) !== undefined;
  };
  const count = async (companyId: number, filter: SimFilter) =>
    Number((await base(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  return async (app) => {
    app.get('/basic/sims', { schema: { querystring: SimListQuery }, config: SIM_READ }, async (request) => {
      const { companyId } = sessionOf(request);
      const { page, limit, ...filter } = request.query;
      const p = paging({ page, limit });
      const rows = await select(base(db, companyId, filter))
        .orderBy('s.id', 'desc')
        .limit(p.limit)
        .offset(pageOffset(p))
        .execute();
      return ok({ total: await count(companyId, filter), rows: rows.map(toRecord) });
    });

    app.get(
      '/basic/sims/validator',
      { schema: { querystring: SimValidatorQuery }, config: SIM_READ },
      async (request) => {
        const { companyId } = sessionOf(request);
        const simNo = codeOf('sim_no', request.query.sim_no, SIM_PATTERN);
        if (await taken(companyId, simNo, request.query.id)) throw conflictError(request, 'sim_no', simNo);
        return ok(true);
      },
    );

    app.get(
      '/basic/sims/export',
      { schema: { querystring: SimExportQuery }, config: on(FleetScreen.sim, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        return sendSheet(request, reply, {
          db,
          companyId,
          now: epochSeconds(clock),
          total: await count(companyId, filter),
          prefix: 'sims',
          timeZone: time_zone,
          sheet: FLEET_SHEETS.sims,
          columns: COLUMNS,
          rows: async function* () {
            const rows = await select(base(db, companyId, filter))
              .orderBy('s.id', 'desc')
              .execute();
            for (const r of rows) yield toRecord(r);
          },
        });
      },
    );

    const values = (body: CreateSimBody) => ({
      sim_no: codeOf('sim_no', body.sim_no, SIM_PATTERN),
      iccid: optionalCodeOf('iccid', body.iccid, /^[0-9A-Fa-f]{19,20}$/),
      operator: textOf('operator', body.operator, 64),
      expire_time: body.expire_time ?? null,
      remark: remarkOf(body.remark),
    });

    app.post(
      '/basic/sims',
      { schema: { body: CreateSimBody }, config: on(FleetScreen.sim, 'add') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const v = values(request.body);
        if (await taken(companyId, v.sim_no)) throw conflictError(request, 'sim_no', v.sim_no);
        const now = epochSeconds(clock);
        const row = await fleetDb(db)
          .insertInto('sims')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await visible(companyId, Number(row.id)));
      },
    );

    app.put(
      '/basic/sims',
      { schema: { body: UpdateSimBody }, config: on(FleetScreen.sim, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id, ...body } = request.body;
        const current = await visible(companyId, id);
        const v = values(body);
        if (await taken(companyId, v.sim_no, id)) throw conflictError(request, 'sim_no', v.sim_no);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('sims')
              .set({ ...v, updated_at: epochSeconds(clock) })
              .where('company_id', '=', companyId)
              .where('id', '=', id)
              .execute();
            // Devices name their SIM by number: a corrected number follows into them.
            if (current.sim_no !== v.sim_no) {
              await trx
                .updateTable('devices')
                .set({ sim: v.sim_no })
                .where('company_id', '=', companyId)
                .where('sim', '=', current.sim_no)
                .execute();
            }
          });
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/sims/:id',
      { schema: { params: IdParams }, config: on(FleetScreen.sim, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const sim = await visible(companyId, request.params.id);
        if (sim.terminal_phone) throw inUseError(request, IN_USE_TEXTS.simInDevice, sim.sim_masked, sim.terminal_phone);
        await fleetDb(db).deleteFrom('sims').where('company_id', '=', companyId).where('id', '=', sim.id).execute();
        return ok(null);
      },
    );

    // One SIM, as the edit form opens it.
    app.get('/basic/sims/:id', { schema: { params: IdParams }, config: SIM_READ }, async (request) => {
      const { companyId } = sessionOf(request);
      if (request.params.id < 1) throw parameterError('id', 'positive');
      return ok(await visible(companyId, request.params.id));
    });
  };
}
