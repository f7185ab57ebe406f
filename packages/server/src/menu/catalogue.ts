import type { MenuNode } from '../contract/index.ts';

// The console's screens, in sidebar order. A screen is a permission unit: its `name` is the key of
// role masks and of route declarations `{ screen, need }`. Later issues add screens here and nowhere else.

type Meta = Omit<MenuNode['meta'], 'permission'>;

export interface ScreenDef {
  path: string;
  name: string;
  component: string;
  meta: Meta;
  redirect?: string;
  hidden?: boolean;
  /** Shown to every signed-in user whatever their role (the home): the mask still comes from the role. */
  open?: boolean;
}

export interface GroupDef {
  path: string;
  name: string;
  component: 'Layout';
  meta: Meta;
  redirect?: string;
  alwaysShow?: boolean;
  children: ScreenDef[];
}

export type CatalogueEntry = ScreenDef | GroupDef;

export function isGroup(entry: CatalogueEntry): entry is GroupDef {
  return 'children' in entry;
}

// Groups are not `alwaysShow`: a user who sees one screen of a group gets that screen in the sidebar's top level
// (spec section 2, "a parent with one visible child shows that child"). Set it only where a group must stay a group.
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    component: 'dashboard/index',
    open: true,
    meta: { title: 'route.dashboard', icon: 'DashboardOutlined', affix: true },
  },
  {
    path: '/basic',
    name: 'Basic',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'route.basic', icon: 'DatabaseOutlined' },
    children: [
      // The spec's order of the Basic area (section 2 "Menu areas"); the alarm types, which it does not list, last.
      {
        path: 'organisation',
        name: 'BasicOrganisation',
        component: 'basic/organisation/index',
        meta: { title: 'route.basicOrganisation', icon: 'ApartmentOutlined' },
      },
      {
        // Every company for a system administrator (who alone adds and deletes them); one's own for the others.
        path: 'company',
        name: 'BasicCompany',
        component: 'basic/company/index',
        meta: { title: 'route.basicCompany', icon: 'BankOutlined' },
      },
      {
        path: 'fleet',
        name: 'BasicFleet',
        component: 'basic/fleet/index',
        meta: { title: 'route.basicFleet', icon: 'DeploymentUnitOutlined' },
      },
      {
        path: 'employee',
        name: 'BasicEmployee',
        component: 'basic/employee/index',
        meta: { title: 'route.basicEmployee', icon: 'IdcardOutlined' },
      },
      {
        path: 'ic-card',
        name: 'BasicIcCard',
        component: 'basic/ic-card/index',
        meta: { title: 'route.basicIcCard', icon: 'CreditCardOutlined' },
      },
      {
        path: 'vehicle',
        name: 'BasicVehicle',
        component: 'basic/vehicle/index',
        meta: { title: 'route.basicVehicle', icon: 'CarOutlined' },
      },
      {
        path: 'device-type',
        name: 'BasicDeviceType',
        component: 'basic/device-type/index',
        meta: { title: 'route.basicDeviceType', icon: 'AppstoreOutlined' },
      },
      {
        path: 'sim',
        name: 'BasicSim',
        component: 'basic/sim/index',
        meta: { title: 'route.basicSim', icon: 'WifiOutlined' },
      },
      {
        path: 'device',
        name: 'BasicDevice',
        component: 'basic/device/index',
        meta: { title: 'route.basicDevice', icon: 'DeploymentUnitOutlined' },
      },
      {
        path: 'route',
        name: 'BasicRoute',
        component: 'basic/route/index',
        meta: { title: 'route.basicRoute', icon: 'NodeIndexOutlined' },
      },
      {
        path: 'bus-stop',
        name: 'BasicBusStop',
        component: 'basic/bus-stop/index',
        meta: { title: 'route.basicBusStop', icon: 'EnvironmentOutlined' },
      },
      {
        path: 'station',
        name: 'BasicStation',
        component: 'basic/station/index',
        meta: { title: 'route.basicStation', icon: 'OrderedListOutlined' },
      },
      {
        path: 'region',
        name: 'BasicRegion',
        component: 'basic/region/index',
        meta: { title: 'route.basicRegion', icon: 'GatewayOutlined' },
      },
      {
        path: 'display-info',
        name: 'BasicDisplayInfo',
        component: 'basic/display-info/index',
        meta: { title: 'route.basicDisplayInfo', icon: 'FontSizeOutlined' },
      },
      {
        path: 'vehicle-insurance',
        name: 'BasicVehicleInsurance',
        component: 'basic/vehicle-insurance/index',
        meta: { title: 'route.basicVehicleInsurance', icon: 'SafetyCertificateOutlined' },
      },
      {
        path: 'vehicle-licence',
        name: 'BasicVehicleLicence',
        component: 'basic/vehicle-licence/index',
        meta: { title: 'route.basicVehicleLicence', icon: 'IdcardOutlined' },
      },
      {
        path: 'vehicle-expiry',
        name: 'BasicVehicleExpiry',
        component: 'basic/vehicle-expiry/index',
        meta: { title: 'route.basicVehicleExpiry', icon: 'HistoryOutlined' },
      },
      {
        path: 'vehicle-type',
        name: 'BasicVehicleType',
        component: 'basic/vehicle-type/index',
        meta: { title: 'route.basicVehicleType', icon: 'ClusterOutlined' },
      },
      {
        path: 'vehicle-renewal',
        name: 'BasicVehicleRenewal',
        component: 'basic/vehicle-renewal/index',
        meta: { title: 'route.basicVehicleRenewal', icon: 'AuditOutlined' },
      },
      {
        path: 'alarm-type',
        name: 'BasicAlarmType',
        component: 'basic/alarm-type/index',
        meta: { title: 'route.basicAlarmType', icon: 'BellOutlined' },
      },
    ],
  },
  {
    path: '/monitoring',
    name: 'Monitoring',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'route.monitoring', icon: 'EnvironmentOutlined' },
    children: [
      {
        path: 'map',
        name: 'MonitoringMap',
        component: 'monitoring/map/index',
        meta: { title: 'route.monitoringMap', icon: 'GlobalOutlined' },
      },
      {
        // Its view bit governs the line map, its timetable and headways; edit sets station traffic states.
        path: 'line-map',
        name: 'MonitoringLineMap',
        component: 'lines/line-map/index',
        meta: { title: 'route.monitoringLineMap', icon: 'NodeIndexOutlined' },
      },
      {
        // Its view bit (or the live map's, whose info box opens map replay) governs the track query.
        path: 'track-playback',
        name: 'MonitoringTrack',
        component: 'tracks/playback/index',
        meta: { title: 'route.monitoringTrack', icon: 'HistoryOutlined' },
      },
      // Issue 16: live video (the dialog's grid as a screen, with a vehicle picker) and recorded video (VOD).
      {
        path: 'video',
        name: 'MonitoringVideo',
        component: 'video/live/index',
        meta: { title: 'route.monitoringVideo', icon: 'VideoCameraOutlined' },
      },
      {
        path: 'vod',
        name: 'MonitoringVod',
        component: 'video/vod/index',
        meta: { title: 'route.monitoringVod', icon: 'PlaySquareOutlined' },
      },
    ],
  },
  {
    path: '/safety',
    name: 'Safety',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'route.safety', icon: 'SafetyOutlined' },
    children: [
      {
        // Its mask governs the alarm API (alarms/api/access.ts): view to see, edit to mark read, export to export.
        path: 'active-safety',
        name: 'SafetyActiveSafety',
        component: 'safety/active-safety/index',
        meta: { title: 'route.safetyActiveSafety', icon: 'AlertOutlined' },
      },
    ],
  },
  {
    path: '/system',
    name: 'System',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'route.system', icon: 'SettingOutlined' },
    children: [
      {
        path: 'user',
        name: 'SystemUser',
        component: 'system/user/index',
        meta: { title: 'route.systemUser', icon: 'UserOutlined' },
      },
      {
        path: 'role',
        name: 'SystemRole',
        component: 'system/role/index',
        meta: { title: 'route.systemRole', icon: 'TeamOutlined' },
      },
      {
        path: 'console',
        name: 'SystemConsole',
        component: 'system/console/index',
        meta: { title: 'route.systemConsole', icon: 'MonitorOutlined' },
      },
      {
        path: 'online',
        name: 'SystemOnline',
        component: 'system/online/index',
        meta: { title: 'route.systemOnline', icon: 'WifiOutlined' },
      },
      {
        // Its view bit reads the command log (/logs/dispatch), export exports it.
        path: 'log-dispatch',
        name: 'SystemLogDispatch',
        component: 'system/log-dispatch/index',
        meta: { title: 'route.systemLogDispatch', icon: 'ControlOutlined' },
      },
      {
        // Its view bit reads the message log (/logs/message) beyond the chat window's own sends.
        path: 'log-message',
        name: 'SystemLogMessage',
        component: 'system/log-message/index',
        meta: { title: 'route.systemLogMessage', icon: 'FileTextOutlined' },
      },
    ],
  },
];

/** Every screen (leaf) with the group it sits in. */
export function screens(
  catalogue: readonly CatalogueEntry[] = CATALOGUE,
): { screen: ScreenDef; group: GroupDef | null }[] {
  return catalogue.flatMap((entry): { screen: ScreenDef; group: GroupDef | null }[] =>
    isGroup(entry) ? entry.children.map((screen) => ({ screen, group: entry })) : [{ screen: entry, group: null }],
  );
}

const SCREEN_NAMES = new Set(screens().map(({ screen }) => screen.name));

export function isScreen(name: string): boolean {
  return SCREEN_NAMES.has(name);
}
