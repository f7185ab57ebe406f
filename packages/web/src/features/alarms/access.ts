import { hasPermission, type Permission } from '@headway/spec';
import { useSession } from '../../auth/session-store';

/**
 * The screen whose mask governs the alarm centre (docs/alarms.md): view to see the counter, the lists and the
 * popups, edit to mark alarms read.
 */
export const ALARM_SCREEN = 'SafetyActiveSafety';
/** The filters offer lines and vehicles from the map's lists, which need the map's view. */
export const MAP_SCREEN = 'MonitoringMap';

/** The mask the user holds on a screen of the menu by its name (0 when the screen is not theirs). */
export function useScreenMask(name: string): number {
  return useSession((s) => s.views.find((v) => v.route.name === name)?.route.permission ?? 0);
}

/** Whether the user may `permission` on the alarm centre's screen. */
export function useAlarmPermission(permission: Permission): boolean {
  return hasPermission(useScreenMask(ALARM_SCREEN), permission);
}
