import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, nextLocation, type TagView } from './model';

const tag = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  affix: false,
  noCache: false,
  ...extra,
});

const dash = tag('/dashboard', { affix: true });
const users = tag('/system/user');
const roles = tag('/system/role');
const online = tag('/system/online');

describe('tags view rules', () => {
  it('adds each visited page once and keeps the latest query', () => {
    let views = addView([], dash);
    views = addView(views, users);
    views = addView(views, users);
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/system/user']);
    views = addView(views, tag('/system/user', { fullPath: '/system/user?page=2' }));
    expect(views[1]!.fullPath).toBe('/system/user?page=2');
  });

  it('never closes affixed tabs', () => {
    expect(closeView([dash, users], '/dashboard')).toEqual([dash, users]);
    expect(closeAll([dash, users, roles])).toEqual([dash]);
    expect(closeOthers([dash, users, roles, online], '/system/role')).toEqual([dash, roles]);
  });

  it('closing the active tab goes to the last remaining tab, else /', () => {
    expect(nextLocation([dash, users], '/system/role')).toBe('/system/user');
    expect(nextLocation([], '/system/role')).toBe('/');
    expect(nextLocation([dash, users], '/system/user')).toBeNull();
  });
});
