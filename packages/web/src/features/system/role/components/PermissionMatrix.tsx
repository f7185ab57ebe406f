import { FULL_MASK, labelIn, PERMISSIONS, type Permission, PermissionBit } from '@headway/spec';
import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../auth/session-store';
import { menuTitle } from '../../../../i18n/menu-title';
import type { RoleScreen } from '../api';

const BITS = Object.entries(PermissionBit) as [Permission, number][];

export interface Row {
  /** A screen, or a menu group (parent named by screens but not itself a screen) heading its screens. */
  screen: RoleScreen;
  depth: number;
  group: boolean;
  /** For a group: the screens under it. */
  members: string[];
}

/** Groups head their screens, children indented under parents, in the server's order. */
export function orderScreens(screens: readonly RoleScreen[], groupTitle: (name: string) => string): Row[] {
  const names = new Set(screens.map((s) => s.name));
  const out: Row[] = [];
  const seenGroups = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const s of screens) {
      const p = s.parent && names.has(s.parent) ? s.parent : null;
      if (p !== parent) continue;
      if (depth === 0 && s.parent && !names.has(s.parent)) {
        if (seenGroups.has(s.parent)) continue;
        seenGroups.add(s.parent);
        const members = screens.filter((m) => m.parent === s.parent);
        out.push({
          screen: { name: s.parent, title: groupTitle(s.parent), parent: null },
          depth: 0,
          group: true,
          members: members.map((m) => m.name),
        });
        for (const m of members) {
          out.push({ screen: m, depth: 1, group: false, members: [] });
          walk(m.name, 2);
        }
        continue;
      }
      out.push({ screen: s, depth, group: false, members: [] });
      walk(s.name, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

interface Props {
  screens: readonly RoleScreen[];
  value: Record<string, number>;
  onChange?: (value: Record<string, number>) => void;
  readOnly: boolean;
}

/** One row per screen, one column per bit of the 11-bit mask (spec section 6). */
export function PermissionMatrix({ screens, value, onChange, readOnly }: Props) {
  const { t, i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const set = (name: string, mask: number) => onChange?.({ ...value, [name]: mask });
  const groupTitle = (name: string) => routes.find((r) => r.name === name)?.title ?? name;
  return (
    <Table<Row>
      rowKey={(r) => r.screen.name}
      size="small"
      bordered
      pagination={false}
      scroll={{ y: 360, x: 'max-content' }}
      dataSource={orderScreens(screens, groupTitle)}
      data-testid="permission-matrix"
      columns={[
        {
          title: t('role.screen'),
          key: 'screen',
          fixed: 'left',
          width: 180,
          render: (_, r) => {
            if (r.group) {
              const masks = r.members.map((m) => value[m] ?? 0);
              const all = masks.every((m) => m === FULL_MASK);
              const some = masks.some((m) => m > 0);
              return (
                <Checkbox
                  disabled={readOnly}
                  checked={all}
                  indeterminate={some && !all}
                  onChange={(e) => {
                    const next = { ...value };
                    for (const m of r.members) next[m] = e.target.checked ? FULL_MASK : 0;
                    onChange?.(next);
                  }}
                >
                  <strong>{menuTitle(t, r.screen.title)}</strong>
                </Checkbox>
              );
            }
            const mask = value[r.screen.name] ?? 0;
            return (
              <span style={{ paddingLeft: r.depth * 16 }}>
                <Checkbox
                  disabled={readOnly}
                  checked={mask === FULL_MASK}
                  indeterminate={mask > 0 && mask < FULL_MASK}
                  onChange={(e) => set(r.screen.name, e.target.checked ? FULL_MASK : 0)}
                >
                  {menuTitle(t, r.screen.title)}
                </Checkbox>
              </span>
            );
          },
        },
        ...BITS.map(([bit, flag]) => ({
          title: labelIn(PERMISSIONS[bit].label, i18n.language),
          key: bit,
          align: 'center' as const,
          width: 68,
          render: (_: unknown, r: Row) => {
            if (r.group) return null;
            const mask = value[r.screen.name] ?? 0;
            return (
              <Checkbox
                aria-label={`${r.screen.name} ${bit}`}
                disabled={readOnly}
                checked={(mask & flag) !== 0}
                onChange={(e) => set(r.screen.name, e.target.checked ? mask | flag : mask & ~flag)}
              />
            );
          },
        })),
      ]}
    />
  );
}
