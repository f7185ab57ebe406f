import type { TFunction } from 'i18next';

// Built-in roles are stored in English (the demo seed, packages/server/src/demo/seed.ts) and are data: a company
// may rename its own. They are translated at display time, never rewritten: the platform's shared roles by
// their flag (@System, @Admin: read-only for companies, so their text is the platform's), the demo's own
// Dispatcher role only while it still carries the seed's name. A renamed role shows as stored.

type BuiltInRole = 'system' | 'admin' | 'dispatcher';

const BY_FLAG: Readonly<Record<string, BuiltInRole>> = { '@System': 'system', '@Admin': 'admin' };

/** The seed's own English text: the stable key while nobody has renamed the role. */
const SEEDED: readonly { key: BuiltInRole; name: string; remark: string }[] = [
  { key: 'system', name: 'System administrator', remark: 'Platform operator' },
  { key: 'admin', name: 'Company administrator', remark: 'Every screen of the company' },
  { key: 'dispatcher', name: 'Dispatcher', remark: 'Watches the fleet; no user administration' },
];

interface RoleText {
  role_name: string;
  /** Absent where a list carries only the name (online sessions): the seeded name alone decides. */
  role_flag?: string;
  /** 1 for the platform's shared roles, where the list says so. */
  is_share?: number;
  remark?: string;
}

/** Which built-in role this is, or null for a company's own (or renamed) role. */
export function builtInRole(role: RoleText): BuiltInRole | null {
  const byFlag = role.role_flag ? BY_FLAG[role.role_flag] : undefined;
  if (byFlag && role.is_share !== 0) return byFlag;
  const seeded = SEEDED.find((s) => s.name === role.role_name);
  if (!seeded) return null;
  // A company role that happens to be named like a shared one is the company's own text.
  if (role.role_flag && seeded.key !== 'dispatcher') return null;
  return seeded.key;
}

/** The role's name in the console language (built-in roles), else as stored. */
export function roleName(t: TFunction, role: RoleText): string {
  const key = builtInRole(role);
  return key ? t(`role.builtIn.${key}.name`) : role.role_name;
}

/** The role's remark in the console language while it is still the seed's, else as stored. */
export function roleRemark(t: TFunction, role: RoleText & { remark: string }): string {
  const key = builtInRole(role);
  const seeded = SEEDED.find((s) => s.key === key);
  return key && seeded?.remark === role.remark ? t(`role.builtIn.${key}.remark`) : role.remark;
}
