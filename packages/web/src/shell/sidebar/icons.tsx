import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import * as CURATED from './curated-icons';

const ICONS: Readonly<Record<string, ComponentType>> = CURATED;

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
