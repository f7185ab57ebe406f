// Dispatch consoles: the /owner/console API and the scoping rule the map and the live channel apply.
export { consoleRoutes } from './routes.ts';
export { type LineScope, lineScopeOf, lineScopesOf, vehicleLinesOf } from './scope.ts';
