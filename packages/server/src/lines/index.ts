// The transit lines feature: GTFS import (gtfs/), its persistence, and the tables it fills.

export { crewName, DEMO_VEHICLE_CAP, type DemoVehiclePlan, demoFleetPlan, depotName } from './demo-fleet-plan.ts';
export { DEMO_FEED, type DemoTransitResult, seedDemoTransit } from './demo-seed.ts';
export * from './gtfs/index.ts';
export { companyByName, type ImportResult, importGtfsFile } from './import-feed.ts';
export { type PersistResult, persistTransitPlan } from './persist.ts';
export { type TransitDatabase, type TransitTables, transitDb } from './schema.ts';
