import { hasPermission } from '@headway/spec';
import { useSession } from '../../auth/session-store';

// The chat window opens from the live map and the line map, outside either screen's view context, so its masks
// are read from the user's menu (as the line map's windows do). The server takes either screen's edit for a send
// (packages/server/src/commands/access.ts); snippets' add, save and delete need the same (spec section 6).

export const MESSAGE_SCREENS = ['MonitoringMap', 'MonitoringLineMap'] as const;

/** Whether the user may send messages and edit snippets. */
export function useCanSendMessages(): boolean {
  return useSession((s) =>
    s.views.some(
      (v) => (MESSAGE_SCREENS as readonly string[]).includes(v.route.name) && hasPermission(v.route.permission, 'edit'),
    ),
  );
}
