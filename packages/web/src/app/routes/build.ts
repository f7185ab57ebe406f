import type { MenuNode } from '@headway/server/contract';
import type { ComponentType } from 'react';
import type { AppRoute, ViewRoute } from './types';

export type ViewResolver = (view: string) => ComponentType;

const EXTERNAL = /^(https?:|mailto:|tel:)/;

export function isExternal(path: string | undefined): boolean {
  return !!path && EXTERNAL.test(path);
}

export function joinPath(parent: string, child: string): string {
  if (!child) return parent || '/';
  if (child.startsWith('/') || isExternal(child)) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** The one place the server menu tree becomes console routes. */
export function buildRoutes(menu: readonly MenuNode[], resolve: ViewResolver, parentPath = ''): AppRoute[] {
  return menu.map((node) => {
    const path = joinPath(parentPath, node.path);
    const isGroup = !node.component || node.component === 'Layout' || node.component === 'ParentView';
    const link = node.meta.link ?? (isExternal(node.path) ? node.path : undefined);
    const route: AppRoute = {
      path,
      name: node.name,
      title: node.meta.title,
      icon: node.meta.icon,
      hidden: Boolean(node.hidden || node.meta.hidden),
      alwaysShow: Boolean(node.alwaysShow),
      redirect: node.redirect,
      noCache: Boolean(node.meta.noCache),
      affix: Boolean(node.meta.affix),
      activeMenu: node.meta.activeMenu,
      permission: node.meta.permission,
      link,
      children: node.children?.length ? buildRoutes(node.children, resolve, path) : [],
    };
    if (!isGroup && !link) {
      route.view = node.component;
      route.component = resolve(node.component);
    }
    return route;
  });
}

/** Routes the console always has (spec section 2), whatever the menu says. */
export function fixedRoutes(resolve: ViewResolver): AppRoute[] {
  const base = { hidden: false, alwaysShow: false, noCache: false, affix: false, permission: 1, children: [] };
  return [
    {
      ...base,
      path: '/dashboard',
      name: 'Dashboard',
      title: 'route.dashboard',
      icon: 'DashboardOutlined',
      affix: true,
      view: 'dashboard/index',
      component: resolve('dashboard/index'),
    },
    {
      ...base,
      path: '/profile/index',
      name: 'Profile',
      title: 'route.profile',
      icon: 'UserOutlined',
      hidden: true,
      noCache: true,
      view: 'profile/index',
      component: resolve('profile/index'),
    },
  ];
}

/** The menu's routes plus the fixed ones it does not already define (the menu's own node wins: it carries the mask). */
export function routesWithFixed(menu: readonly MenuNode[], resolve: ViewResolver): AppRoute[] {
  const fromMenu = buildRoutes(menu, resolve);
  const menuPaths = new Set(flattenViews(fromMenu).map((v) => v.route.path));
  return [...fixedRoutes(resolve).filter((r) => !menuPaths.has(r.path)), ...fromMenu];
}

/** Every routable screen with its ancestors. */
export function flattenViews(routes: readonly AppRoute[], trail: AppRoute[] = []): ViewRoute[] {
  const out: ViewRoute[] = [];
  for (const route of routes) {
    if (route.view) out.push({ route, trail: [...trail, route] });
    out.push(...flattenViews(route.children, [...trail, route]));
  }
  return out;
}
