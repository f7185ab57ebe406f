import { type Static, Type } from 'typebox';

export const MenuMeta = Type.Object({
  title: Type.String(),
  icon: Type.Optional(Type.String()),
  hidden: Type.Optional(Type.Boolean()),
  noCache: Type.Optional(Type.Boolean()),
  affix: Type.Optional(Type.Boolean()),
  activeMenu: Type.Optional(Type.String()),
  roles: Type.Optional(Type.Array(Type.String())),
  permission: Type.Integer({ minimum: 0, maximum: 2047 }),
  link: Type.Optional(Type.String()),
});

export interface MenuNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  alwaysShow?: boolean;
  hidden?: boolean;
  meta: Static<typeof MenuMeta>;
  children?: MenuNode[];
}
