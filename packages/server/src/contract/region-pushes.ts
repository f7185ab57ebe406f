import type { CommandState } from '@headway/spec';
import { type Static, Type } from 'typebox';

// Regions on the terminals (issue 15 "Regions on the terminals", docs/regions.md): POST /basic/region/push and
// /unpush send a region to vehicles' terminals (0x8600–0x8607, area id = region id); GET /basic/region/pushes
// lists each vehicle's latest push of it.

/** POST /basic/region/push and /basic/region/unpush. */
export const RegionPushBody = Type.Object({
  region_id: Type.Integer({ minimum: 1 }),
  car_list: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
});
export type RegionPushBody = Static<typeof RegionPushBody>;

/** One vehicle's outcome of a push or unpush. */
export interface RegionPushOutcome {
  car_id: number;
  car_name: string;
  /** COMMAND_STATES: 2 acknowledged, 3 refused, 4 not reachable. */
  state: CommandState;
  /** The terminal's 0x0001 result byte, or 1101 when it did not answer. */
  result: number | null;
}

export interface RegionPushResult {
  rows: RegionPushOutcome[];
}

/** GET /basic/region/pushes?region_id= */
export const RegionPushesQuery = Type.Object({ region_id: Type.Integer({ minimum: 1 }) });
export type RegionPushesQuery = Static<typeof RegionPushesQuery>;

/** A vehicle's latest push of the region: a set (0x8600/02/04/06) or a delete (0x8601/03/05/07). */
export interface RegionPushRow {
  car_id: number;
  car_name: string;
  command: number;
  state: CommandState;
  result: number | null;
  account: string;
  send_time: number;
  reply_time: number | null;
}
