export { formatGtfsTime, parseGtfsTime } from './fields.ts';
export { azimuth, distanceMetres, type Polyline, pointAlong, projectOntoPolyline } from './geometry.ts';
export { tripShape } from './patterns.ts';
export type * from './plan.ts';
export { type FeedProblem, formatProblem, GtfsImportError } from './problems.ts';
export { readGtfsFeed } from './read.ts';
export { stationsAlong, toDirection, transformFeed } from './transform.ts';
export type * from './types.ts';
