import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CarOutlined,
  ClusterOutlined,
  CompassOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LinkOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UserSwitchOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// A curated set rather than the whole icon package (which would add about a megabyte to the bundle).
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CarOutlined,
  ClusterOutlined,
  CompassOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LinkOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UserSwitchOutlined,
  VideoCameraOutlined,
  WifiOutlined,
};

/** Accepts antd names ('TeamOutlined') and short ones ('team', 'user-switch'). */
export function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const pascal = name.includes('Outlined')
    ? name
    : `${name
        .split(/[-_\s]/)
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join('')}Outlined`;
  const Icon = ICONS[pascal] ?? AppstoreOutlined;
  return <Icon />;
}
