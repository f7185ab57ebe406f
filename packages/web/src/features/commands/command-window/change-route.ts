import { CHANGE_ROUTE_TYPES } from '@headway/spec';
import type { ChangeRouteBody } from '../api';

// The change-route form's submitted type (spec section 4 "Vehicle operation state in change-route"): 128 takes the
// bus out of service; in operation it is the chosen direction when "sync direction" is ticked, else 3.

export interface ChangeRouteForm {
  /** OPERATION_STATES: 1 in operation, 0 out of service. */
  state: 0 | 1;
  route_id: number;
  /** 1 up, 2 down. */
  direction: 1 | 2;
  sync: boolean;
  attr?: string;
}

export function changeRouteType(form: Pick<ChangeRouteForm, 'state' | 'direction' | 'sync'>): ChangeRouteBody['type'] {
  if (form.state === 0) return CHANGE_ROUTE_TYPES.outOfService;
  if (form.sync) return form.direction === 2 ? CHANGE_ROUTE_TYPES.down : CHANGE_ROUTE_TYPES.up;
  return CHANGE_ROUTE_TYPES.unsynced;
}

export function changeRouteBody(carId: number, routeCode: string, form: ChangeRouteForm): ChangeRouteBody {
  const attr = form.attr?.trim();
  return {
    car_id: carId,
    route_id: form.route_id,
    type: changeRouteType(form),
    route_code: routeCode,
    ...(attr ? { attr } : {}),
  };
}
