// The API contract shared by the server (route schemas) and the console (types).
// The console imports types only; nothing here may touch Node APIs.
export * from './alarms.ts';
export * from './basic-lines.ts';
export * from './commands.ts';
export * from './companies.ts';
export * from './consoles.ts';
export * from './departures.ts';
export * from './errors.ts';
export * from './fleet.ts';
export * from './geocoding.ts';
export * from './gtfs-import.ts';
export * from './imports.ts';
export * from './line-map.ts';
export * from './lists.ts';
export * from './menu.ts';
export * from './online.ts';
export * from './organisation.ts';
export * from './permissions.ts';
export * from './region-pushes.ts';
export * from './regions.ts';
export * from './roles.ts';
export * from './session.ts';
export * from './time.ts';
export * from './tracks.ts';
export * from './users.ts';
export * from './vehicles.ts';
export * from './video.ts';
