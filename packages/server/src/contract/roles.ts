import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';

/** `{ [screen name]: 11-bit mask }`, e.g. `{ SystemUser: 1 }`. */
export const RolePermissions = Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 2047 }));
export type RolePermissions = Static<typeof RolePermissions>;

export const RoleRow = Type.Object({
  role_id: Type.Integer(),
  role_name: Type.String(),
  role_flag: Type.String(),
  /** 0 custom (the company's own), 1 shared (platform-wide, read-only for companies). */
  is_share: Type.Integer(),
  remark: Type.String(),
  permissions: RolePermissions,
  user_count: Type.Integer(),
});
export type RoleRow = Static<typeof RoleRow>;

export const RoleListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) }),
]);
export type RoleListQuery = Static<typeof RoleListQuery>;

export const CreateRoleBody = Type.Object({
  role_name: Type.String({ minLength: 1, maxLength: 64 }),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  permissions: RolePermissions,
});
export type CreateRoleBody = Static<typeof CreateRoleBody>;

export const UpdateRoleBody = Type.Object({
  role_id: Type.Integer(),
  role_name: Type.String({ minLength: 1, maxLength: 64 }),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  permissions: RolePermissions,
});
export type UpdateRoleBody = Static<typeof UpdateRoleBody>;

/** A screen a role mask can be set on; `parent` is the name of its menu group, or null at the top. */
export const ScreenEntry = Type.Object({
  name: Type.String(),
  title: Type.String(),
  parent: Type.Union([Type.String(), Type.Null()]),
});
export type ScreenEntry = Static<typeof ScreenEntry>;
