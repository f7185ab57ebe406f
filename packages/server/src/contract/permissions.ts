// The spec's 11-bit permission mask per screen (product spec, section 6). Shared by the API, which
// enforces it, and the console, which hides what the mask does not allow.
export const PermissionBit = {
  view: 1,
  add: 2,
  edit: 4,
  delete: 8,
  import: 16,
  export: 32,
  save: 64,
  submit: 128,
  cancel: 256,
  pass: 512,
  edit_gps: 1024,
} as const;

export type Permission = keyof typeof PermissionBit;

/** Every bit set: what a company administrator holds on every screen. */
export const FULL_MASK = 2047;

export function hasPermission(mask: number, permission: Permission): boolean {
  return (mask & PermissionBit[permission]) !== 0;
}

export const ROLE_FLAGS = ['@System', '@Admin', '@User'] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];
