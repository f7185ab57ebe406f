import type { PlatformModule } from '../platform.ts';
import { type TrackStorageOptions, trackStorageOptionsFromEnv } from './options.ts';
import { startTrackMaintenance } from './storage-maintenance.ts';

/**
 * The track storage job as a platform module (modules.ts), on nodes with the gateway role: they write positions,
 * so they keep the partitions those writes need (HEADWAY_TRACK_RETENTION_DAYS, HEADWAY_TRACK_PARTITIONS_AHEAD).
 */
export function trackStorageModule(overrides: Partial<TrackStorageOptions> = {}): PlatformModule {
  return {
    name: 'track-storage',
    async start({ config, store, logger }) {
      if (!config.roles.has('gateway')) return undefined;
      const stop = startTrackMaintenance({
        store,
        options: { ...trackStorageOptionsFromEnv(), ...overrides },
        logger: logger.child({ module: 'track-storage' }),
      });
      return { stop };
    },
  };
}
