import type { Permission } from '@headway/spec';
import type { RouteAccess } from '../auth/access.ts';

// Which screen's bit each fleet call needs (spec section 6; catalogue.ts Basic). The review screens read vehicles
// and edit their own part of the record; the vehicle screen may do everything to a vehicle.

export const FleetScreen = {
  vehicle: 'BasicVehicle',
  deviceType: 'BasicDeviceType',
  sim: 'BasicSim',
  device: 'BasicDevice',
  insurance: 'BasicVehicleInsurance',
  licence: 'BasicVehicleLicence',
  expiry: 'BasicVehicleExpiry',
  type: 'BasicVehicleType',
  renewal: 'BasicVehicleRenewal',
} as const;

const REVIEWS = [FleetScreen.insurance, FleetScreen.licence, FleetScreen.expiry, FleetScreen.type, FleetScreen.renewal];

/** `{ access }` for a route config: the bit on any of the screens. */
export function on(screens: string | readonly string[], need: Permission): { access: RouteAccess } {
  return { access: { screen: screens, need } };
}

export const VEHICLE_READ = on([FleetScreen.vehicle, ...REVIEWS], 'view');
/** The device form picks a type and a SIM; the vehicle form picks a device. */
export const DEVICE_READERS = [FleetScreen.device, FleetScreen.vehicle];
export const DEVICE_TYPE_READERS = [FleetScreen.deviceType, FleetScreen.device];
export const SIM_READERS = [FleetScreen.sim, FleetScreen.device];
export const VEHICLE_READERS = [FleetScreen.vehicle, ...REVIEWS];
export const SIM_READ = on(SIM_READERS, 'view');
