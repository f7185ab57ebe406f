import type { ComponentType } from 'react';

/** A console route generated from the server menu tree (docs/api.md "Menu tree") or a fixed route. */
export interface AppRoute {
  /** Full path, e.g. /system/user. */
  path: string;
  name: string;
  /** i18n key, e.g. route.systemUser. */
  title?: string;
  icon?: string;
  hidden: boolean;
  alwaysShow: boolean;
  redirect?: string;
  noCache: boolean;
  affix: boolean;
  activeMenu?: string;
  /** 11-bit permission mask the user holds on this screen. */
  permission: number;
  /** External URL: the sidebar opens it in a new tab. */
  link?: string;
  /** View path such as system/user/index; absent for groups ('Layout'). */
  view?: string;
  component?: ComponentType;
  children: AppRoute[];
}

/** A routable screen with its ancestors (for the breadcrumb). */
export interface ViewRoute {
  route: AppRoute;
  trail: AppRoute[];
}
