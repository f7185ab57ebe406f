import type { LoginBody, MenuNode, UserInfo } from '@headway/server/contract';
import { create } from 'zustand';
import { flattenViews, routesWithFixed } from '../app/routes/build';
import type { AppRoute, ViewRoute } from '../app/routes/types';
import { resolveView } from '../app/routes/views';
import { authApi } from './api';
import { clearSession, readSession, writeSession } from './session-cookie';

interface SessionState {
  user: UserInfo | null;
  menu: MenuNode[] | null;
  routes: AppRoute[];
  views: ViewRoute[];
  /** True once user info and the permitted routes are loaded for the current session. */
  ready: boolean;
  login: (body: LoginBody) => Promise<void>;
  load: () => Promise<void>;
  setUser: (user: UserInfo) => void;
  logout: () => Promise<void>;
  reset: () => void;
}

const empty = { user: null, menu: null, routes: [], views: [], ready: false };

const resetListeners = new Set<() => void>();
/** Other client stores (tags, error log…) register here to be cleared at logout. */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

export const useSession = create<SessionState>()((set, get) => ({
  ...empty,
  async login(body) {
    const result = await authApi.login(body);
    const { uuid, token, ...user } = result;
    writeSession({ uuid, token });
    set({ ...empty, user: user as UserInfo });
  },
  async load() {
    const [user, menu] = await Promise.all([authApi.userInfo(), authApi.menu()]);
    const routes = routesWithFixed(menu, resolveView);
    set({ user, menu, routes, views: flattenViews(routes), ready: true });
  },
  setUser(user) {
    set({ user });
  },
  async logout() {
    if (readSession()) {
      // Spec: wait for the logout call at most 1 s, then leave whatever it answered.
      await Promise.race([authApi.logout().catch(() => null), new Promise((r) => setTimeout(r, 1000))]);
    }
    get().reset();
  },
  reset() {
    clearSession();
    set(empty);
    for (const listener of resetListeners) listener();
  },
}));

export function hasSession(): boolean {
  return readSession() !== null;
}
