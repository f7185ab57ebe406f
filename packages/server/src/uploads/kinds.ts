import type { Permission } from '@headway/spec';

// What a picture is uploaded for decides who may upload it (spec section 6: the screen's add or edit bit). The
// client names it in the spec's `data` query (`{"path": "vehicle", "rename": 1}`); an unknown path is refused.

export interface UploadKind {
  /** Screens on any of which the caller needs one of `needs`; none means any signed-in user (their own avatar). */
  screens: readonly string[];
  needs: readonly Permission[];
}

export const UPLOAD_KINDS = {
  vehicle: { screens: ['BasicVehicle'], needs: ['add', 'edit'] },
  region: { screens: ['BasicRegion', 'MonitoringMap'], needs: ['add', 'edit'] },
  avatar: { screens: [], needs: [] },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;

export function isUploadKind(name: string): name is UploadKindName {
  return Object.hasOwn(UPLOAD_KINDS, name);
}
