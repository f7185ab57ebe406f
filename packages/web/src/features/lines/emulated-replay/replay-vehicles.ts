import type { OwnLine } from '@headway/server/contract';
import { DISPLAY_STATES } from '@headway/spec';
import { ARRIVAL, placeEvent } from '../diagram/placement';
import type { DiagramVehicle } from '../diagram/types';
import type { ReplayEvent } from './replay-machine';

// The replay's vehicles as the line diagram draws them: each at its last event's station (arrived: at it, in the
// blue of a standing bus; left: halfway on, in the green of a running one).

export function replayVehicles(
  line: OwnLine,
  shown: ReadonlyMap<number, ReplayEvent>,
  describe: (event: ReplayEvent) => string,
): DiagramVehicle[] {
  const out: DiagramVehicle[] = [];
  for (const event of shown.values()) {
    const direction = line.directions.find((d) => d.direction === event.direction);
    if (!direction) continue;
    out.push({
      key: String(event.car_id),
      car_id: event.car_id,
      car_name: event.car_name,
      imei: event.imei,
      direction: event.direction,
      placement: placeEvent(line, direction, event.serial, event.flag),
      colour: event.flag === ARRIVAL ? DISPLAY_STATES.parking.hex : DISPLAY_STATES.running.hex,
      detail: describe(event),
    });
  }
  return out;
}
