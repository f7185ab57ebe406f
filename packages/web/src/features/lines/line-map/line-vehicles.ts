import type { LineHeadways, OwnLine } from '@headway/server/contract';
import { DISPLAY_STATES, type DisplayState, realDataDisplay, STALE_POINT_SECONDS, StateMask } from '@headway/spec';
import { placeAlong, placeLive } from '../diagram/placement';
import type { DiagramGap, DiagramVehicle } from '../diagram/types';
import type { LineFixSnapshot } from './live-fixes';
import type { Roster } from './roster';

// A line's vehicles and headways as the diagram draws them, from the live reports (placed by their route progress)
// and the headway poll (GET /dispatch/headways, every 15 s: the order, the headways, and the place of a bus that
// has not reported since the screen opened).

export interface LineVehicles {
  vehicles: DiagramVehicle[];
  gaps: DiagramGap[];
  /** Vehicles between stations, and waiting in a terminal field. */
  running: number;
  inFields: number;
}

export interface LineVehiclesInput {
  line: OwnLine;
  fixes: LineFixSnapshot;
  roster: Roster;
  headways: LineHeadways | undefined;
  /** Epoch seconds. */
  now: number;
  describe: (name: string, state: DisplayState) => string;
}

export function lineVehicles(input: LineVehiclesInput): LineVehicles {
  const { line, fixes, roster, headways, now, describe } = input;
  const placed = new Map<string, DiagramVehicle>();
  const polled = new Map<string, { car_id: number; car_name: string }>();
  for (const hd of headways?.directions ?? []) for (const v of hd.vehicles) polled.set(v.imei, v);

  for (const [imei, fix] of fixes) {
    const route = fix.route;
    // A report older than a stale point is no longer a running bus (the server's headways use the same bound).
    if (!route || route.code !== line.route_code || now - fix.et > STALE_POINT_SECONDS) continue;
    const direction = line.directions.find((d) => d.direction === route.dir);
    if (!direction) continue;
    const known = roster.byImei.get(imei) ?? polled.get(imei);
    const state = realDataDisplay(fix, (fix.s & StateMask.online) !== 0, now).state;
    const name = known?.car_name ?? imei;
    placed.set(imei, {
      key: imei,
      car_id: known?.car_id ?? 0,
      car_name: name,
      imei,
      direction: direction.direction,
      placement: placeLive(line, direction, route),
      colour: DISPLAY_STATES[state].hex,
      detail: describe(name, state),
    });
  }

  const gaps: DiagramGap[] = [];
  for (const hd of headways?.route_code === line.route_code ? headways.directions : []) {
    const direction = line.directions.find((d) => d.direction === hd.direction);
    if (!direction) continue;
    hd.vehicles.forEach((v, i) => {
      if (!placed.has(v.imei)) {
        const state: DisplayState = roster.byImei.get(v.imei)?.state ?? 'running';
        placed.set(v.imei, {
          key: v.imei,
          car_id: v.car_id,
          car_name: v.car_name,
          imei: v.imei,
          direction: hd.direction,
          placement: placeAlong(line, direction, v.distance),
          colour: DISPLAY_STATES[state].hex,
          detail: describe(v.car_name, state),
        });
      }
      const ahead = hd.vehicles[i - 1];
      if (!ahead || v.headway === null) return;
      gaps.push({
        direction: hd.direction,
        behind: v.imei,
        ahead: ahead.imei,
        headway: v.headway,
        scheduled: v.scheduled,
        state: v.state,
      });
    });
  }

  const vehicles = [...placed.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const inFields = vehicles.filter((v) => v.placement.field !== null).length;
  return { vehicles, gaps, running: vehicles.length - inFields, inFields };
}
