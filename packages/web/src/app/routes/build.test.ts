import type { MenuNode } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes, flattenViews, joinPath, routesWithFixed } from './build';
import { activeMenuKey, menuEntries, openKeysFor } from './menu';

const View = () => null;
const resolve = (view: string) => Object.assign(() => null, { displayName: view });

const node = (
  path: string,
  name: string,
  component: string,
  meta: Partial<MenuNode['meta']> = {},
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  path,
  name,
  component,
  meta: { title: `route.${name}`, permission: 1, ...meta },
  ...extra,
});

const MENU: MenuNode[] = [
  node('/dashboard', 'Dashboard', 'dashboard/index', { affix: true, icon: 'DashboardOutlined' }),
  node(
    '/system',
    'System',
    'Layout',
    { icon: 'SettingOutlined' },
    {
      redirect: 'noRedirect',
      alwaysShow: true,
      children: [
        node('user', 'SystemUser', 'system/user/index', { permission: 15 }),
        node('user/:id', 'SystemUserDetail', 'system/user/detail', { activeMenu: '/system/user' }, { hidden: true }),
        node('role', 'SystemRole', 'system/role/index', { hidden: true }),
      ],
    },
  ),
  node(
    '/report',
    'Report',
    'Layout',
    { icon: 'BarChartOutlined' },
    {
      children: [node('daily', 'ReportDaily', 'report/daily/index', { noCache: true })],
    },
  ),
  node('/docs', 'Docs', 'Layout', {}, { children: [node('https://example.org/manual', 'Manual', '', {})] }),
  node('/help', 'Help', 'Layout', { link: 'https://example.org/help' }),
  node('/secret', 'Secret', 'Layout', {}, { hidden: true, children: [node('x', 'SecretX', 'x/index')] }),
];

describe('menu → routes', () => {
  const routes = buildRoutes(MENU, resolve);

  it('joins child paths to their parents', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/', 'dashboard')).toBe('/dashboard');
    expect(joinPath('/system', '/abs')).toBe('/abs');
    expect(joinPath('/docs', 'https://x.org')).toBe('https://x.org');
  });

  it('resolves views, keeps groups component-less and carries meta', () => {
    const views = flattenViews(routes);
    expect(views.map((v) => v.route.path)).toEqual([
      '/dashboard',
      '/system/user',
      '/system/user/:id',
      '/system/role',
      '/report/daily',
      '/secret/x',
    ]);
    const user = views.find((v) => v.route.name === 'SystemUser')!;
    expect(user.route.permission).toBe(15);
    expect(user.route.component).toBeTypeOf('function');
    expect(user.trail.map((r) => r.name)).toEqual(['System', 'SystemUser']);
    expect(routes.find((r) => r.name === 'System')!.component).toBeUndefined();
    expect(views.find((v) => v.route.name === 'ReportDaily')!.route.noCache).toBe(true);
  });

  it('treats meta.link and http paths as external, never as views', () => {
    const help = routes.find((r) => r.name === 'Help')!;
    expect(help.link).toBe('https://example.org/help');
    expect(help.view).toBeUndefined();
    const manual = routes.find((r) => r.name === 'Docs')!.children[0]!;
    expect(manual.link).toBe('https://example.org/manual');
  });

  it('builds the sidebar: hidden omitted, single child collapsed unless alwaysShow, external hrefs', () => {
    const entries = menuEntries(routes);
    expect(entries.map((e) => e.key)).toEqual([
      '/dashboard',
      '/system',
      '/report/daily',
      'https://example.org/manual',
      'https://example.org/help',
    ]);
    const system = entries[1]!;
    expect(system.children?.map((c) => c.key)).toEqual(['/system/user']);
    const report = entries[2]!;
    expect(report.icon).toBe('BarChartOutlined');
    expect(report.children).toBeUndefined();
    expect(entries[3]!.href).toBe('https://example.org/manual');
    expect(entries[4]!.href).toBe('https://example.org/help');
  });

  it('highlights meta.activeMenu and opens the submenus on the way', () => {
    const detail = flattenViews(routes).find((v) => v.route.name === 'SystemUserDetail')!.route;
    expect(activeMenuKey(detail, '/system/user/7')).toBe('/system/user');
    expect(activeMenuKey(undefined, '/dashboard')).toBe('/dashboard');
    expect(openKeysFor(menuEntries(routes), '/system/user')).toEqual(['/system']);
  });

  it('adds the fixed dashboard and profile only where the menu lacks them', () => {
    const withFixed = routesWithFixed(MENU, resolve);
    const paths = flattenViews(withFixed).map((v) => v.route.path);
    expect(paths.filter((p) => p === '/dashboard')).toHaveLength(1);
    expect(paths).toContain('/profile/index');
    const profile = withFixed.find((r) => r.path === '/profile/index')!;
    expect(profile).toMatchObject({ hidden: true, noCache: true });
    const bare = routesWithFixed([], resolve);
    expect(bare.find((r) => r.path === '/dashboard')).toMatchObject({ affix: true });
    void View;
  });
});
