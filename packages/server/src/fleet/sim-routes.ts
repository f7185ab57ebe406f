import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SHEETS, IN_USE_TEXTS, SIM_FIELD_LABELS as L, maskSensitive, SIM_PATTERN } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { sessionOf } from '../auth/access.ts';
import { type ListColumn, streamOf } from '../basic-data/list-export.ts';
import { basicScreenRoutes } from '../basic-data/screen-routes.ts';
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
import type { Services } from '../services.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { FleetScreen, SIM_READ, SIM_READERS } from './access.ts';
import { conflictError, inUseError } from './conflict.ts';
import { codeOf, optionalCodeOf, remarkOf, textOf } from './input.ts';
import { fleetDb } from './schema.ts';

// /basic/sims (issue 14, "likewise"): the company's SIM cards. A device names its SIM by number; the list says
// which terminal uses each. Numbers are sensitive (spec section 5): lists and exports carry them masked beside the
// full value the edit form needs.

const COLUMNS: ListColumn<SimRecord>[] = [
  { header: L.sim_no, width: 22, value: (r) => r.sim_masked },
  { header: L.iccid, width: 24, value: (r) => (r.iccid ? maskSensitive(r.iccid) : '') },
  { header: L.operator, width: 14, value: (r) => r.operator },
  { header: L.expire_time, width: 14, kind: 'date', value: (r) => r.expire_time },
  { header: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { header: L.remark, width: 24, value: (r) => r.remark },
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
  const { db } = services;

  const get = async (companyId: number, id: number) => {
    const row = await select(base(db, companyId, {}).where('s.id', '=', id)).executeTakeFirst();
    return row ? toRecord(row) : undefined;
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

  const values = (body: CreateSimBody) => ({
    sim_no: codeOf('sim_no', body.sim_no, SIM_PATTERN),
    iccid: optionalCodeOf('iccid', body.iccid, /^[0-9A-Fa-f]{19,20}$/),
    operator: textOf('operator', body.operator, 64),
    expire_time: body.expire_time ?? null,
    remark: remarkOf(body.remark),
  });

  const screen = basicScreenRoutes(services, {
    path: '/basic/sims',
    access: { screen: FleetScreen.sim, readers: SIM_READERS },
    get: ({ companyId }, id) => get(companyId, id),
    list: {
      query: SimListQuery,
      rows: async ({ companyId }, filter, page) => {
        const rows = await select(base(db, companyId, filter))
          .orderBy('s.id', 'desc')
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute();
        return { total: await count(companyId, filter), rows: rows.map(toRecord) };
      },
    },
    validator: {
      query: SimValidatorQuery,
      check: async ({ request, companyId }, query) => {
        const simNo = codeOf('sim_no', query.sim_no, SIM_PATTERN);
        if (await taken(companyId, simNo, query.id)) throw conflictError(request, 'sim_no', simNo);
      },
    },
    create: {
      body: CreateSimBody,
      insert: async ({ request, companyId, now }, body) => {
        const v = values(body);
        if (await taken(companyId, v.sim_no)) throw conflictError(request, 'sim_no', v.sim_no);
        const row = await fleetDb(db)
          .insertInto('sims')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      },
    },
    update: {
      body: UpdateSimBody,
      id: (body) => body.id,
      save: async ({ request, companyId, now }, id, { id: _, ...body }, current) => {
        const v = values(body);
        if (await taken(companyId, v.sim_no, id)) throw conflictError(request, 'sim_no', v.sim_no);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('sims')
              .set({ ...v, updated_at: now })
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
      },
    },
    remove: {
      inUse: async ({ request }, sim) =>
        sim.terminal_phone
          ? inUseError(request, IN_USE_TEXTS.simInDevice, sim.sim_masked, sim.terminal_phone)
          : undefined,
      delete: async ({ companyId }, id) => {
        await fleetDb(db).deleteFrom('sims').where('company_id', '=', companyId).where('id', '=', id).execute();
      },
    },
    export: {
      query: SimExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'sims',
        title: FLEET_SHEETS.sims,
        total: await count(companyId, filter),
        columns: COLUMNS,
        rows: (upTo) =>
          streamOf(
            select(base(db, companyId, filter))
              .orderBy('s.id', 'desc')
              .limit(upTo)
              .execute()
              .then((rows) => rows.map(toRecord)),
          ),
      }),
    },
  });

  return async (app) => {
    await app.register(screen);

    // One SIM, as the edit form opens it.
    app.get('/basic/sims/:id', { schema: { params: IdParams }, config: SIM_READ }, async (request) => {
      const { companyId } = sessionOf(request);
      if (request.params.id < 1) throw parameterError('id', 'positive');
      const sim = await get(companyId, request.params.id);
      if (!sim) throw new ApiError(ErrorCode.recordMissing);
      return ok(sim);
    });
  };
}
