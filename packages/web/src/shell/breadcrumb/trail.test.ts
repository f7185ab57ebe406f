import type { MenuNode } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes, flattenViews } from '../../app/routes/build';
import { breadcrumbTrail } from './trail';

const resolve = () => () => null;
const menu: MenuNode[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    component: 'dashboard/index',
    meta: { title: 'route.dashboard', permission: 1 },
  },
  {
    path: '/system',
    name: 'System',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'route.system', permission: 1 },
    children: [
      {
        path: 'user',
        name: 'SystemUser',
        component: 'system/user/index',
        meta: { title: 'route.systemUser', permission: 1 },
      },
    ],
  },
  {
    path: '/report',
    name: 'Report',
    component: 'Layout',
    redirect: '/report/daily',
    meta: { title: 'route.report', permission: 1 },
    children: [{ path: 'daily', name: 'Daily', component: 'r/index', meta: { title: 'route.daily', permission: 1 } }],
  },
];
const views = flattenViews(buildRoutes(menu, resolve));
const find = (name: string) => views.find((v) => v.route.name === name);

describe('breadcrumb', () => {
  it('prefixes the dashboard; noRedirect and the last entry are not clickable', () => {
    expect(breadcrumbTrail(find('SystemUser'))).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'route.system', to: null },
      { title: 'route.systemUser', to: null },
    ]);
  });
  it('follows a group redirect', () => {
    expect(breadcrumbTrail(find('Daily'))[1]).toEqual({ title: 'route.report', to: '/report/daily' });
  });
  it('shows the dashboard alone on the dashboard', () => {
    expect(breadcrumbTrail(find('Dashboard'))).toEqual([{ title: 'route.dashboard', to: null }]);
  });
});
