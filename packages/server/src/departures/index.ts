// Station departure/arrival events: the table the ingest fills and the /device/depart/arrive search.
export { type DepartArriveFilter, type DepartArriveRow, insertStationEvents, searchDepartArrive } from './queries.ts';
export { DepartArriveBody, departureRoutes } from './routes.ts';
export { departuresDb, type NewStationEvent, type StationEventsTable } from './schema.ts';
export { StationEventWriter } from './writer.ts';
