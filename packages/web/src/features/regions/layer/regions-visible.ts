import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../../auth/session-store';

// Whether the maps draw the regions: one choice per user, remembered in local storage (spec section 9: local
// storage holds the console's view choices), off until the user turns it on. Every map of the console shares it,
// so the live map and a replay window open beside it agree, and a change shows at once in both.

export const REGIONS_VISIBLE_KEY = 'headway.regions.visible';

/** The storage key of a user's choice (several users may sign in on one browser). */
export function regionsVisibleKey(userId: number | null | undefined): string {
  return userId ? `${REGIONS_VISIBLE_KEY}.${userId}` : REGIONS_VISIBLE_KEY;
}

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

export function readRegionsVisible(store: Pick<Storage, 'getItem'> | null, key: string): boolean {
  try {
    return store?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeRegionsVisible(store: Pick<Storage, 'setItem'> | null, key: string, visible: boolean): void {
  try {
    store?.setItem(key, visible ? '1' : '0');
  } catch {
    // Private mode or a full quota: the choice holds until the page is left.
  }
}

const listeners = new Set<() => void>();
/** The choice of this page's session, also when storage refused it. */
const current = new Map<string, boolean>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the console changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(REGIONS_VISIBLE_KEY)) {
      current.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function visibleAt(key: string): boolean {
  let visible = current.get(key);
  if (visible === undefined) {
    visible = readRegionsVisible(storage(), key);
    current.set(key, visible);
  }
  return visible;
}

/** The signed-in user's choice and its setter (remembered for the next visit). */
export function useRegionsVisible(): [boolean, (visible: boolean) => void] {
  const key = regionsVisibleKey(useSession((s) => s.user?.user_id));
  const visible = useSyncExternalStore(
    subscribe,
    () => visibleAt(key),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      current.set(key, next);
      writeRegionsVisible(storage(), key, next);
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [visible, set];
}

/** Tests: forget what this page's session holds, so the next read is from storage. */
export function forgetRegionsVisible(): void {
  current.clear();
}
