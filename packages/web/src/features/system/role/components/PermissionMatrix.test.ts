import { describe, expect, it } from 'vitest';
import { orderScreens } from './PermissionMatrix';

describe('permission matrix rows', () => {
  it('puts a group row over the screens of a menu group', () => {
    const rows = orderScreens(
      [
        { name: 'Dashboard', title: 'route.dashboard', parent: null },
        { name: 'SystemUser', title: 'route.systemUser', parent: 'System' },
        { name: 'SystemRole', title: 'route.systemRole', parent: 'System' },
      ],
      (name) => `title:${name}`,
    );
    expect(rows.map((r) => [r.screen.name, r.depth, r.group])).toEqual([
      ['Dashboard', 0, false],
      ['System', 0, true],
      ['SystemUser', 1, false],
      ['SystemRole', 1, false],
    ]);
    expect(rows[1]!.members).toEqual(['SystemUser', 'SystemRole']);
    expect(rows[1]!.screen.title).toBe('title:System');
  });
});
