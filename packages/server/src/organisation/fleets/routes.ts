import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_CATEGORIES, nameRule, phoneRule, remarkRule } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import {
  type FleetBody,
  FleetBody as FleetBodySchema,
  FleetExportQuery,
  FleetListQuery,
  FleetValidatorQuery,
  IdParams,
  UpdateFleetBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { reference } from '../references.ts';
import { access, bound, check, EXPORT_MAX_ROWS, known, labelOf, taken, trimmed } from '../rules.ts';
import { COMMON_HEADERS, exportWorkbook } from '../workbook.ts';
import {
  allFleets,
  countFleets,
  deleteFleet,
  type FleetValues,
  fleetNameTaken,
  fleetOptions,
  fleetUsers,
  getFleet,
  insertFleet,
  listFleets,
  updateFleet,
} from './queries.ts';

// /basic/fleets (screen BasicFleet): list, POST, PUT, DELETE /{id}, validator, export, options. A fleet still used
// by vehicles, lines or staff is not deleted (1004 rule 'bound' with the counts). Pickers of the staff and vehicle
// screens read /basic/fleets/options with their own view bit.

const SCREEN = 'BasicFleet';
// The vehicle screen (basic-vehicles) joins this list when it exists: a route may name only catalogued screens.
const PICKERS = [SCREEN, 'BasicEmployee', 'BasicOrganisation'] as const;

export function fleetRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function values(companyId: number, body: FleetBody, except?: number): Promise<FleetValues> {
    check('fleet_name', nameRule(body.fleet_name));
    check('phone', phoneRule(body.phone));
    check('remark', remarkRule(body.remark));
    check('leader', trimmed(body.leader).length > 64 ? 'tooLong' : null);
    const fleet_name = trimmed(body.fleet_name);
    if (await fleetNameTaken(db, companyId, fleet_name, except)) throw taken('fleet_name', fleet_name);
    return {
      fleet_name,
      category: known('category', body.category, FLEET_CATEGORIES),
      organ_id: await reference(db, companyId, 'organisations', 'organ_id', body.organ_id),
      leader: trimmed(body.leader),
      phone: trimmed(body.phone),
      remark: trimmed(body.remark),
    };
  }

  async function visible(companyId: number, id: number) {
    const found = await getFleet(db, companyId, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  return async (app) => {
    app.get(
      '/basic/fleets',
      { schema: { querystring: FleetListQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        return ok(await listFleets(db, sessionOf(request).companyId, filter, paging({ page, limit })));
      },
    );

    app.get('/basic/fleets/options', { config: access(PICKERS, 'view') }, async (request) =>
      ok(await fleetOptions(db, sessionOf(request).companyId)),
    );

    app.get(
      '/basic/fleets/validator',
      { schema: { querystring: FleetValidatorQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const name = trimmed(request.query.fleet_name);
        if (await fleetNameTaken(db, sessionOf(request).companyId, name, request.query.id)) {
          throw taken('fleet_name', name);
        }
        return ok(true);
      },
    );

    app.post('/basic/fleets', { schema: { body: FleetBodySchema }, config: access(SCREEN, 'add') }, async (request) => {
      const { companyId } = sessionOf(request);
      const id = await insertFleet(db, companyId, await values(companyId, request.body), epochSeconds(clock));
      return ok(await visible(companyId, id));
    });

    app.put('/basic/fleets', { schema: { body: UpdateFleetBody }, config: access(SCREEN, 'edit') }, async (request) => {
      const { companyId } = sessionOf(request);
      const { id } = request.body;
      await visible(companyId, id);
      await updateFleet(db, companyId, id, await values(companyId, request.body, id), epochSeconds(clock));
      return ok(await visible(companyId, id));
    });

    app.delete(
      '/basic/fleets/:id',
      { schema: { params: IdParams }, config: access(SCREEN, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.params;
        await visible(companyId, id);
        const users = await fleetUsers(db, companyId, id);
        if (users.vehicles + users.lines + users.employees > 0) throw bound(users);
        await deleteFleet(db, companyId, id);
        return ok(null);
      },
    );

    app.get(
      '/basic/fleets/export',
      { schema: { querystring: FleetExportQuery }, config: access(SCREEN, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        return exportWorkbook({
          request,
          reply,
          db,
          companyId,
          now: epochSeconds(clock),
          timeZone: time_zone,
          prefix: 'fleets',
          sheet: { en: 'Fleets', zh: '车队', th: 'กลุ่มรถ' },
          total: await countFleets(db, companyId, filter),
          rows: () => allFleets(db, companyId, filter, EXPORT_MAX_ROWS),
          columns: [
            { header: { en: 'Fleet', zh: '车队名称', th: 'ชื่อกลุ่มรถ' }, width: 24, cell: (r) => r.fleet_name },
            {
              header: { en: 'Category', zh: '类别', th: 'ประเภท' },
              width: 16,
              cell: (r, language) => labelOf(FLEET_CATEGORIES, r.category, language),
            },
            { header: { en: 'Organisation', zh: '所属机构', th: 'หน่วยงาน' }, width: 20, cell: (r) => r.organ_name },
            { header: COMMON_HEADERS.leader, width: 14, cell: (r) => r.leader },
            { header: COMMON_HEADERS.phone, width: 16, cell: (r) => r.phone },
            { header: { en: 'Vehicles', zh: '车辆数', th: 'จำนวนรถ' }, width: 10, cell: (r) => r.vehicle_count },
            { header: { en: 'Staff', zh: '员工数', th: 'จำนวนพนักงาน' }, width: 10, cell: (r) => r.employee_count },
            { header: COMMON_HEADERS.remark, width: 30, cell: (r) => r.remark },
            { header: COMMON_HEADERS.created, width: 21, time: true, cell: (r) => r.created_at },
          ],
        });
      },
    );
  };
}
