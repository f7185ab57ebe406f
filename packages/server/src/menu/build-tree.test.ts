import { describe, expect, it } from 'vitest';
import { FULL_MASK, type MenuNode } from '../contract/index.ts';
import { buildMenuTree } from './build-tree.ts';
import { CATALOGUE, type CatalogueEntry, isScreen, screens } from './catalogue.ts';

const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children ?? [])]);

describe('menu tree', () => {
  it('gives a full mask every screen with 2047', () => {
    const tree = buildMenuTree(() => FULL_MASK);
    expect(names(tree)).toEqual([
      'Dashboard',
      'Basic',
      'BasicOrganisation',
      'BasicCompany',
      'BasicFleet',
      'BasicEmployee',
      'BasicIcCard',
      'BasicVehicle',
      'BasicDeviceType',
      'BasicSim',
      'BasicDevice',
      'BasicRoute',
      'BasicBusStop',
      'BasicStation',
      'BasicRegion',
      'BasicDisplayInfo',
      'BasicVehicleInsurance',
      'BasicVehicleLicence',
      'BasicVehicleExpiry',
      'BasicVehicleType',
      'BasicVehicleRenewal',
      'BasicAlarmType',
      'Monitoring',
      'MonitoringMap',
      'MonitoringLineMap',
      'MonitoringTrack',
      'MonitoringVideo',
      'MonitoringVod',
      'Safety',
      'SafetyActiveSafety',
      'System',
      'SystemUser',
      'SystemRole',
      'SystemConsole',
      'SystemOnline',
      'SystemLogDispatch',
      'SystemLogMessage',
    ]);
    expect(tree.every((n) => n.meta.permission === FULL_MASK)).toBe(true);
  });

  it('keeps the open home for a role with no masks, and drops an empty group', () => {
    const tree = buildMenuTree(() => 0);
    expect(names(tree)).toEqual(['Dashboard']);
    expect(tree[0]?.meta).toMatchObject({ permission: 1, affix: true, title: 'route.dashboard' });
  });

  it('shows a screen only with the view bit, and a group with the union of its children', () => {
    const masks: Record<string, number> = {
      SystemUser: 1 | 4,
      SystemRole: 2 /* add without view */,
      SystemOnline: 1 | 8,
    };
    const tree = buildMenuTree((screen) => masks[screen] ?? 0);
    const system = tree.find((n) => n.name === 'System');
    expect(system?.children?.map((c) => [c.name, c.meta.permission])).toEqual([
      ['SystemUser', 5],
      ['SystemOnline', 9],
    ]);
    expect(system).toMatchObject({
      component: 'Layout',
      redirect: 'noRedirect',
      meta: { permission: 13 },
    });
    // Not alwaysShow: a user with one screen of the group sees that screen at the top (spec section 2).
    expect(system?.alwaysShow).toBeUndefined();
  });

  it('places new catalogue entries without code changes', () => {
    const catalogue: CatalogueEntry[] = [
      ...CATALOGUE,
      { path: '/map', name: 'MonitorMap', component: 'monitor/map/index', meta: { title: 'route.map' } },
    ];
    expect(names(buildMenuTree(() => 1, catalogue))).toContain('MonitorMap');
  });

  it('names every screen once', () => {
    const all = screens().map((s) => s.screen.name);
    expect(new Set(all).size).toBe(all.length);
    expect(isScreen('SystemUser')).toBe(true);
    expect(isScreen('System')).toBe(false);
  });
});
