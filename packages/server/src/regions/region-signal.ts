// After a region is created, changed or deleted the region API calls `announceRegionChange(companyId)` so the
// geofence engine rebuilds that company's index. The engine's module decorates the root app with it; on an
// API-only node (and in API tests) it is absent, and the call is skipped.

declare module 'fastify' {
  interface FastifyInstance {
    announceRegionChange?: (companyId: number) => void;
  }
}

export {};
