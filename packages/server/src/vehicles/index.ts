// The monitoring map's server side: vehicle tree, live refresh, lines to draw, base info (docs/map.md).
export { type LatestFeed, liveStateOf } from './live-source.ts';
export { type VehicleRouteDeps, vehicleRoutes } from './routes.ts';
export { buildVehicleTree } from './tree.ts';
