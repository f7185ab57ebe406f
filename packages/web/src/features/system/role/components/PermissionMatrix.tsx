import { FULL_MASK, type Permission, PermissionBit } from '@headway/server/contract';
import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleScreen } from '../api';

const BITS = Object.entries(PermissionBit) as [Permission, number][];

interface Row {
  screen: RoleScreen;
  depth: number;
}

/** Parents first, children indented under them, in the server's order. */
export function orderScreens(screens: readonly RoleScreen[]): Row[] {
  const names = new Set(screens.map((s) => s.name));
  const out: Row[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const s of screens) {
      const p = s.parent && names.has(s.parent) ? s.parent : null;
      if (p !== parent) continue;
      out.push({ screen: s, depth });
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
  const { t } = useTranslation();
  const set = (name: string, mask: number) => onChange?.({ ...value, [name]: mask });
  return (
    <Table<Row>
      rowKey={(r) => r.screen.name}
      size="small"
      bordered
      pagination={false}
      scroll={{ y: 360, x: 'max-content' }}
      dataSource={orderScreens(screens)}
      data-testid="permission-matrix"
      columns={[
        {
          title: t('role.screen'),
          key: 'screen',
          fixed: 'left',
          width: 200,
          render: (_, r) => {
            const mask = value[r.screen.name] ?? 0;
            return (
              <span style={{ paddingLeft: r.depth * 16 }}>
                <Checkbox
                  disabled={readOnly}
                  checked={mask === FULL_MASK}
                  indeterminate={mask > 0 && mask < FULL_MASK}
                  onChange={(e) => set(r.screen.name, e.target.checked ? FULL_MASK : 0)}
                >
                  {t(r.screen.title, { defaultValue: r.screen.title })}
                </Checkbox>
              </span>
            );
          },
        },
        ...BITS.map(([bit, flag]) => ({
          title: t(`permission.${bit}`),
          key: bit,
          align: 'center' as const,
          width: 72,
          render: (_: unknown, r: Row) => {
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
