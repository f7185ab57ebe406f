/**
 * The shared real feed (8 Staten Island routes) as engine geometry, through the GTFS importer's own reader and
 * transform so the tests exercise the same model the server stores. Read once per process.
 */

import { fileURLToPath } from 'node:url';
import { readGtfsFeed, transformFeed } from '../../lines/index.ts';
import { lineFromPlan } from '../adapter.ts';
import type { LineGeometry } from '../types.ts';

// The project's own copy of the shared feed (byte for byte), so the tests do not depend on where the checkout sits.
export const SHARED_FEED = fileURLToPath(new URL('../../../demo-data/mta-staten-island-8-routes.zip', import.meta.url));

let cached: Promise<LineGeometry[]> | null = null;

export function loadFeedLines(path = process.env.HEADWAY_GTFS ?? SHARED_FEED): Promise<LineGeometry[]> {
  if (!cached) cached = readGtfsFeed(path).then((feed) => transformFeed(feed).lines.map(lineFromPlan));
  return cached;
}
