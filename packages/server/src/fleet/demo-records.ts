import { CapabilityMask, DAY_SECONDS, INSURANCE_WARNING_DAYS } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { fleetDb } from './schema.ts';

// The demo company's fleet records (issue 14 "the demo seed fills plausible values"): a device type for its
// terminals, a SIM card per terminal, and each bus's record — VIN, model, seats, papers and their dates. Idempotent:
// a vehicle whose VIN is already set is left alone. Every date is beyond the reminder windows, so the demo (and the
// e2e suites that run on it) opens without the expiry dialogs; docs/basic-data.md says how to see them.

const YEAR = 365 * DAY_SECONDS;
const MODELS = ['Zhongtong LCK6126', 'Yutong ZK6125', 'New Flyer XD40', 'Nova Bus LFS'] as const;
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A 17-character VIN without I, O, Q, different per bus and the same on every start. */
export function demoVin(index: number): string {
  let n = index * 7919 + 104729;
  let tail = '';
  for (let i = 0; i < 8; i++) {
    tail += VIN_CHARS[n % VIN_CHARS.length];
    n = Math.floor(n / VIN_CHARS.length) + i * 31;
  }
  return `LZYTBGBW${String(index % 10)}${tail}`.slice(0, 17);
}

export async function seedDemoFleetRecords(db: Kysely<Database>, companyId: number, now: number): Promise<number> {
  const fdb = fleetDb(db);
  let type = await fdb
    .selectFrom('device_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('type_name', '=', 'BUS')
    .executeTakeFirst();
  type ??= await fdb
    .insertInto('device_types')
    .values({
      company_id: companyId,
      type_name: 'BUS',
      capabilities: CapabilityMask.snapshot | CapabilityMask.video | CapabilityMask.sendMessage | CapabilityMask.talk,
      channels: 4,
      maker: 'Headway simulator',
      remark: 'JT/T 808 + 1078 terminal with four cameras',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await fdb
    .updateTable('devices')
    .set({ device_type_id: Number(type.id) })
    .where('company_id', '=', companyId)
    .where('device_type_id', 'is', null)
    .where('device_type', '=', 'BUS')
    .execute();

  const devices = await fdb
    .selectFrom('devices')
    .select(['sim'])
    .where('company_id', '=', companyId)
    .where('sim', '!=', '')
    .execute();
  const known = new Set(
    (await fdb.selectFrom('sims').select('sim_no').where('company_id', '=', companyId).execute()).map((s) => s.sim_no),
  );
  // One card per number, however many devices name it.
  const sims = [...new Set(devices.map((d) => d.sim))].filter((sim) => !known.has(sim)).map((sim) => ({ sim }));
  for (let i = 0; i < sims.length; i += 200) {
    await fdb
      .insertInto('sims')
      .values(
        sims.slice(i, i + 200).map((d) => ({
          company_id: companyId,
          sim_no: d.sim,
          iccid: '',
          operator: 'Demo Mobile',
          expire_time: now + 2 * YEAR,
          remark: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  const vehicles = await fdb
    .selectFrom('vehicles')
    .select(['id', 'lpn'])
    .where('company_id', '=', companyId)
    .where('vin', '=', '')
    .orderBy('id')
    .execute();
  // Past every window, spread so the review screens sort them into an order.
  const safe = now + (INSURANCE_WARNING_DAYS + 30) * DAY_SECONDS;
  await fdb.transaction().execute(async (trx) => {
    for (const [i, v] of vehicles.entries()) {
      const bought = now - (1 + (i % 6)) * YEAR;
      await trx
        .updateTable('vehicles')
        .set({
          vin: demoVin(Number(v.id)),
          model: MODELS[i % MODELS.length] as string,
          car_type: i % 9 === 0 ? 1 : 0,
          fuel_type: i % 3 === 0 ? 4 : 0,
          fuel_100km: i % 3 === 0 ? null : 32 + (i % 7),
          fuel_hour: i % 3 === 0 ? null : 9 + (i % 4),
          tank: i % 3 === 0 ? null : 300,
          seat: 31 + (i % 4),
          approved_number: 80,
          source: 'Purchase',
          register_time: bought,
          expire_time: bought + 12 * YEAR,
          production_date: bought - 60 * DAY_SECONDS,
          scrap_date: bought + 12 * YEAR,
          compulsory_insurance_time: safe + (i % 200) * DAY_SECONDS,
          commercial_insurance_time: safe + ((i * 7) % 200) * DAY_SECONDS,
          tax_due_date: safe + ((i * 11) % 300) * DAY_SECONDS,
          next_inspection_time: safe + ((i * 13) % 300) * DAY_SECONDS,
          next_maintenance_time: now + (10 + (i % 50)) * DAY_SECONDS,
          engine_model: 'Cummins ISB6.7',
          engine_no: `EN${String(Number(v.id)).padStart(8, '0')}`,
          gross_weight: 18_000,
          curb_weight: 12_500,
          length: 12_000,
          width: 2_550,
          height: 3_200,
          contract_no: `HW-${String(Number(v.id)).padStart(5, '0')}`,
          contract_expiration_date: now + 3 * YEAR,
          registration_number: `REG-${v.lpn}`,
          unit_id: `U${String(Number(v.id)).padStart(4, '0')}`,
          updated_at: now,
        })
        .where('id', '=', v.id)
        .execute();
    }
  });
  return vehicles.length;
}
