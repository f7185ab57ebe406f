// The spec's 11-bit permission mask per screen and the role flags (product spec, section 6) are spec tables,
// defined once in @headway/spec; re-exported for the server's own code (the API enforces the mask). The console
// imports them from @headway/spec directly.
export {
  FULL_MASK,
  hasPermission,
  type Permission,
  PermissionBit,
  ROLE_FLAGS,
  type RoleFlag,
} from '@headway/spec';
