import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';
import { UserConfig } from './session.ts';

const Md5 = Type.String({ pattern: '^[0-9a-f]{32}$' });
/** 0 enabled, 1 disabled. */
const UserState = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** Accounts: letters, digits and . _ @ - (so they are safe in URLs, logs and the validator query). */
const Account = Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' });

export const UserRow = Type.Object({
  user_id: Type.Integer(),
  account: Type.String(),
  user_name: Type.String(),
  email: Type.String(),
  remark: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  role_flag: Type.String(),
  state: Type.Integer(),
  create_time: Type.Integer(),
  last_login_time: Type.Union([Type.Integer(), Type.Null()]),
  online: Type.Boolean(),
});
export type UserRow = Static<typeof UserRow>;

export const UserListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    search: Type.Optional(Type.String({ maxLength: 64 })),
    role_id: Type.Optional(Type.Integer()),
    state: Type.Optional(UserState),
  }),
]);
export type UserListQuery = Static<typeof UserListQuery>;

export const CreateUserBody = Type.Object({
  account: Account,
  user_name: Type.String({ minLength: 1, maxLength: 64 }),
  password: Md5,
  email: Type.Optional(Type.String({ maxLength: 128 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  role_id: Type.Integer(),
  state: Type.Optional(UserState),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Type.String({ maxLength: 128 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  role_id: Type.Integer(),
  state: UserState,
  /** Present to reset the user's password (MD5 hex). */
  password: Type.Optional(Md5),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const ValidatorQuery = Type.Object({ account: Account });

export const ProfileBody = Type.Object({
  user_name: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Type.String({ maxLength: 128 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  img_url: Type.Optional(Type.String({ maxLength: 512 })),
});
export type ProfileBody = Static<typeof ProfileBody>;

export const ChangePasswordBody = Type.Object({ old_password: Md5, new_password: Md5 });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ExpiredPasswordBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  old_password: Md5,
  new_password: Md5,
});
export type ExpiredPasswordBody = Static<typeof ExpiredPasswordBody>;

/** PUT /owner/user/config takes any subset of the config; the server merges it over what is stored. */
export const UserConfigPatch = Type.Partial(UserConfig);
export type UserConfigPatch = Static<typeof UserConfigPatch>;
