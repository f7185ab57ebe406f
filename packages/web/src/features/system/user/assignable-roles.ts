import type { RoleRow } from '../role/api';

/**
 * Whether a caller with `callerFlag` may give a user this role, mirroring the server (users/routes.ts
 * `assignableRole`): any role the company sees, except the platform's `@System` role, which only a `@System`
 * caller hands out (the server answers 1005 otherwise).
 */
function mayAssign(role: Pick<RoleRow, 'role_flag'>, callerFlag: string | undefined): boolean {
  return role.role_flag !== '@System' || callerFlag === '@System';
}

/**
 * The role choices of the user dialog: the assignable roles, plus the edited user's current role when it is not
 * one of them (shown disabled, so the dialog can still display what the user holds).
 */
export function roleChoices(
  roles: readonly RoleRow[],
  callerFlag: string | undefined,
  current?: number,
): { role: RoleRow; disabled: boolean }[] {
  return roles
    .map((role) => ({ role, disabled: !mayAssign(role, callerFlag) }))
    .filter(({ role, disabled }) => !disabled || role.role_id === current);
}
