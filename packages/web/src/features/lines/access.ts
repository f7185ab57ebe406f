import { hasPermission, type Permission } from '@headway/spec';
import { useSession } from '../../auth/session-store';

// The screen whose mask governs the line map and its windows (packages/server/src/menu/catalogue.ts): view to see
// them, edit to set station traffic states. The windows open outside the screen's view context, so the mask is
// read from the user's menu, as the alarm centre does.

export const LINE_MAP_SCREEN = 'MonitoringLineMap';

export function useLineMapPermission(permission: Permission): boolean {
  return useSession((s) =>
    hasPermission(s.views.find((v) => v.route.name === LINE_MAP_SCREEN)?.route.permission ?? 0, permission),
  );
}
