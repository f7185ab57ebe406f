import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_CATEGORIES, nameRule, phoneRule, remarkRule } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
import {
  type FleetBody,
  FleetBody as FleetBodySchema,
  FleetExportQuery,
  FleetListQuery,
  FleetValidatorQuery,
  UpdateFleetBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { reference } from '../references.ts';
import { access, bound, check, known, labelOf, taken, trimmed } from '../rules.ts';
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
  const { db } = services;

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

  const screen = basicScreenRoutes(services, {
    path: '/basic/fleets',
    access: { screen: SCREEN },
    get: ({ companyId }, id) => getFleet(db, companyId, id),
    list: {
      query: FleetListQuery,
      rows: ({ companyId }, filter, page) => listFleets(db, companyId, filter, page),
    },
    validator: {
      query: FleetValidatorQuery,
      check: async ({ companyId }, query) => {
        const name = trimmed(query.fleet_name);
        if (await fleetNameTaken(db, companyId, name, query.id)) throw taken('fleet_name', name);
      },
    },
    create: {
      body: FleetBodySchema,
      insert: async ({ companyId, now }, body) => insertFleet(db, companyId, await values(companyId, body), now),
    },
    update: {
      body: UpdateFleetBody,
      id: (body) => body.id,
      save: async ({ companyId, now }, id, body) =>
        updateFleet(db, companyId, id, await values(companyId, body, id), now),
    },
    remove: {
      inUse: async ({ companyId }, fleet) => {
        const users = await fleetUsers(db, companyId, fleet.id);
        return users.vehicles + users.lines + users.employees > 0 ? bound(users) : undefined;
      },
      delete: ({ companyId }, id) => deleteFleet(db, companyId, id),
    },
    export: {
      query: FleetExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'fleets',
        title: { en: 'Fleets', zh: '车队', th: 'กลุ่มรถ' },
        total: await countFleets(db, companyId, filter),
        rows: (upTo) => streamOf(allFleets(db, companyId, filter, upTo)),
        columns: [
          { header: { en: 'Fleet', zh: '车队名称', th: 'ชื่อกลุ่มรถ' }, width: 24, value: (r) => r.fleet_name },
          {
            header: { en: 'Category', zh: '类别', th: 'ประเภท' },
            width: 16,
            value: (r, language) => labelOf(FLEET_CATEGORIES, r.category, language),
          },
          { header: { en: 'Organisation', zh: '所属机构', th: 'หน่วยงาน' }, width: 20, value: (r) => r.organ_name },
          { header: COMMON_HEADERS.leader, width: 14, value: (r) => r.leader },
          { header: COMMON_HEADERS.phone, width: 16, value: (r) => r.phone },
          { header: { en: 'Vehicles', zh: '车辆数', th: 'จำนวนรถ' }, width: 10, value: (r) => r.vehicle_count },
          { header: { en: 'Staff', zh: '员工数', th: 'จำนวนพนักงาน' }, width: 10, value: (r) => r.employee_count },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
          { header: COMMON_HEADERS.created, width: 21, kind: 'time', value: (r) => r.created_at },
        ],
      }),
    },
  });

  return async (app) => {
    await app.register(screen);
    app.get('/basic/fleets/options', { config: access(PICKERS, 'view') }, async (request) =>
      ok(await fleetOptions(db, sessionOf(request).companyId)),
    );
  };
}
