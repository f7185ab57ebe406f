import { isMaskOf, DEVICE_FIELD_LABELS as L } from '@headway/spec';
import { sql } from 'kysely';
import { CreateDeviceBody } from '../contract/index.ts';
import { assertBody } from '../imports/body-schema.ts';
import type { BodyColumn } from '../imports/cells.ts';
import { byName } from '../imports/references.ts';
import { importRoutes } from '../imports/routes.ts';
import type { Services } from '../services.ts';
import { FleetScreen, on } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { deviceValues } from './device-input.ts';
import { fleetDb } from './schema.ts';

// Devices from xlsx (docs/exports.md "Imports"): the export's columns, each row through the rules of POST
// /basic/devices. A row whose IMEI is a device of the company updates it; an IMEI or phone of another company is
// taken (1106), as in the form. The type is named by its name. The export masks the SIM: a masked SIM that is the
// stored one's mask keeps it. A device written here is known to the gateway at once (it reads the store on every
// 0x0100); the directory signal is sent as after PUT /basic/devices, for the vehicles bound to updated devices.

export function deviceImportRoutes(services: Pick<Services, 'db' | 'clock'>) {
  const { db } = services;
  const text = { type: 'text' } as const;
  const shown = { type: 'shown' } as const;
  const columns: readonly BodyColumn[] = [
    { key: 'imei', header: L.imei, required: true, kind: text },
    { key: 'terminal_phone', header: L.terminal_phone, required: true, kind: text },
    { key: 'protocol_version', header: L.protocol_version, kind: text },
    {
      key: 'device_type',
      header: L.device_type,
      nullable: true,
      kind: { type: 'reference', find: byName(db, 'device_types', ['type_name']) },
    },
    { key: 'sim', header: L.sim, kind: text },
    { key: 'car_name', header: L.car_name, kind: shown },
    { key: 'online', header: L.online, kind: shown },
    { key: 'last_seen_at', header: L.last_seen_at, kind: shown },
    { key: 'remark', header: L.remark, kind: text },
  ];

  return importRoutes(services, {
    path: '/basic/devices/import',
    access: on(FleetScreen.device, 'import').access,
    title: { en: 'Devices', zh: '设备', th: 'อุปกรณ์' },
    fileBase: 'devices-import',
    columns,
    unique: ['imei', 'terminal_phone'],
    async check(body, context) {
      const imei = String(body.imei ?? '').trim();
      const current = await fleetDb(db)
        .selectFrom('devices')
        .select(['id', 'sim'])
        .where('company_id', '=', context.companyId)
        .where(sql<boolean>`lower(imei) = ${imei.toLowerCase()}`)
        .executeTakeFirst();
      const sim = String(body.sim ?? '').trim();
      if (current && sim !== '' && isMaskOf(sim, current.sim)) body.sim = current.sim;
      assertBody(CreateDeviceBody, body);
      const existing = current ? Number(current.id) : undefined;
      const values = await deviceValues(context.request, db, context.companyId, body as CreateDeviceBody, existing);
      return { existing, values };
    },
    async write(trx, rows, context) {
      for (const { existing, values } of rows) {
        if (existing === undefined) {
          await fleetDb(trx)
            .insertInto('devices')
            .values({ ...values, company_id: context.companyId, created_at: context.now, updated_at: context.now })
            .execute();
        } else {
          await fleetDb(trx)
            .updateTable('devices')
            .set({ ...values, updated_at: context.now })
            .where('company_id', '=', context.companyId)
            .where('id', '=', existing)
            .execute();
        }
      }
    },
    announce: (context) => announceFleetChange(context.request, context.companyId),
  });
}
