import type { MenuNode } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes/build';
import { createSearcher, searchItems } from './search-index';

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
    meta: { title: 'route.system', permission: 1 },
    children: [
      {
        path: 'user',
        name: 'SystemUser',
        component: 'system/user/index',
        meta: { title: 'route.systemUser', permission: 1 },
      },
      {
        path: 'online',
        name: 'SystemOnline',
        component: 'system/online/index',
        meta: { title: 'route.systemOnline', permission: 1 },
      },
      {
        path: 'secret',
        name: 'Secret',
        component: 'x/index',
        hidden: true,
        meta: { title: 'route.secret', permission: 1 },
      },
    ],
  },
];
const titles: Record<string, string> = {
  'route.dashboard': 'Dashboard',
  'route.system': 'System',
  'route.systemUser': 'Users',
  'route.systemOnline': 'Online users',
  'route.secret': 'Secret',
};

describe('header search', () => {
  const items = searchItems(buildRoutes(menu, resolve), (k) => titles[k] ?? k);

  it('indexes visible screens with translated title trails', () => {
    expect(items).toEqual([
      { title: 'Dashboard', path: '/dashboard', external: false },
      { title: 'System > Users', path: '/system/user', external: false },
      { title: 'System > Online users', path: '/system/online', external: false },
    ]);
  });

  it('finds by fuzzy title and by path, not hidden screens', () => {
    const search = createSearcher(items);
    expect(search('usres')[0]?.path).toBe('/system/user');
    expect(search('onlin')[0]?.path).toBe('/system/online');
    expect(search('system/user')[0]?.path).toBe('/system/user');
    expect(search('secret')).toEqual([]);
    expect(search('  ')).toEqual([]);
  });

  it('searches translated titles', () => {
    const zh = searchItems(
      buildRoutes(menu, resolve),
      (k) => ({ 'route.systemUser': '用户管理', 'route.system': '系统管理' })[k] ?? k,
    );
    expect(createSearcher(zh)('用户')[0]?.path).toBe('/system/user');
  });
});
