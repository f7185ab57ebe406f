import type { AppRoute } from '../app/routes/types';
import { useSession } from '../auth/session-store';

/** Gives the user `mask` on the menu screen named `name`, as if it were the one screen of their menu. */
export function holdScreen(name: string, mask: number) {
  const route = { name, permission: mask } as AppRoute;
  useSession.setState({ views: [{ route, trail: [route] }] });
}
