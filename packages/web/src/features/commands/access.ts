import { hasPermission, type Permission } from '@headway/spec';
import { useSession } from '../../auth/session-store';

// Who may command a vehicle (spec section 6 "Used"; server: commands/access.ts). The command and snapshot windows
// open from the live map and the line map, so either screen's mask governs them: reads (capabilities, attributes,
// parameters) need view; a parameter write, a change of route, a reboot or a log request need edit. The windows
// render outside the screen's view context, so the masks are read from the user's menu.

export const COMMAND_SCREENS = ['MonitoringMap', 'MonitoringLineMap'] as const;

export function useCommandPermission(permission: Permission): boolean {
  return useSession((s) =>
    s.views.some(
      (v) =>
        (COMMAND_SCREENS as readonly string[]).includes(v.route.name) && hasPermission(v.route.permission, permission),
    ),
  );
}
