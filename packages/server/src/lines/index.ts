// The transit lines feature: GTFS import (gtfs/), its persistence, and the tables it fills.
export * from './gtfs/index.ts';
export { companyByName, type ImportResult, importGtfsFile } from './import-feed.ts';
export { type PersistResult, persistTransitPlan } from './persist.ts';
export { type TransitDatabase, type TransitTables, transitDb } from './schema.ts';
