import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { builtInRole, roleName, roleRemark } from './role-label';

describe('built-in role names at display time', () => {
  it('knows shared roles by flag and the demo dispatcher by its seeded name', () => {
    expect(builtInRole({ role_name: 'Anything', role_flag: '@Admin', is_share: 1 })).toBe('admin');
    expect(builtInRole({ role_name: 'Dispatcher', role_flag: '@User', is_share: 0 })).toBe('dispatcher');
    expect(builtInRole({ role_name: 'System administrator' })).toBe('system');
  });

  it("leaves a company's own and renamed roles as stored", () => {
    expect(builtInRole({ role_name: 'Night dispatch', role_flag: '@User', is_share: 0 })).toBeNull();
    expect(builtInRole({ role_name: 'System administrator', role_flag: '@User', is_share: 0 })).toBeNull();
  });

  it('translates names and the seeded remarks, not edited remarks', async () => {
    const t = i18n.getFixedT('th');
    await i18n.loadLanguages('th');
    const admin = { role_name: 'Company administrator', role_flag: '@Admin', is_share: 1 };
    expect(roleName(t, admin)).not.toBe('Company administrator');
    expect(roleName(t, admin)).toBe(t('role.builtIn.admin.name'));
    expect(roleRemark(t, { ...admin, remark: 'Every screen of the company' })).toBe(t('role.builtIn.admin.remark'));
    expect(roleRemark(t, { ...admin, remark: 'our own words' })).toBe('our own words');
    expect(roleName(t, { role_name: 'Night dispatch', role_flag: '@User', is_share: 0 })).toBe('Night dispatch');
  });
});
