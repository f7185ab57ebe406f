import { describe, expect, it } from 'vitest';
import type { RoleRow } from '../role/api';
import { roleChoices } from './assignable-roles';

const role = (role_id: number, role_flag: string, role_name: string, is_share = 1): RoleRow => ({
  role_id,
  role_flag,
  role_name,
  is_share,
  remark: '',
  permissions: {},
  user_count: 0,
});
const ROLES = [
  role(1, '@System', 'System administrator'),
  role(2, '@Admin', 'Company administrator'),
  role(3, '@User', 'Dispatcher', 0),
];
const ids = (choices: ReturnType<typeof roleChoices>) => choices.map((c) => [c.role.role_id, c.disabled]);

describe('roles a caller may assign (server rule: @System only from @System)', () => {
  it('offers a company administrator every role but the platform administrator', () => {
    expect(ids(roleChoices(ROLES, '@Admin'))).toEqual([
      [2, false],
      [3, false],
    ]);
  });

  it('offers a platform administrator every role', () => {
    expect(ids(roleChoices(ROLES, '@System')).map(([id]) => id)).toEqual([1, 2, 3]);
  });

  it("keeps an edited user's current role on show, disabled, when the caller may not give it", () => {
    expect(ids(roleChoices(ROLES, '@Admin', 1))).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });
});
