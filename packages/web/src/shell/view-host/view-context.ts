import { hasPermission, type Permission } from '@headway/spec';
import { createContext, useContext } from 'react';
import type { AppRoute } from '../../app/routes/types';

export const ViewContext = createContext<AppRoute | null>(null);

/** The permission mask of the screen being rendered (spec section 6: "mask comes from the screen's metadata"). */
export function usePermission(): (permission: Permission) => boolean {
  const route = useContext(ViewContext);
  const mask = route?.permission ?? 0;
  return (permission) => hasPermission(mask, permission);
}
