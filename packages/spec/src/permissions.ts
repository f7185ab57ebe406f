import { type BitTable, fullMask, masksOf } from './bits.ts';
import type { Label } from './labels.ts';

// The per-screen permission mask (product spec section 6): 11 flags by bit. The API enforces it, the console
// removes what the mask does not allow. Role flags name the three built-in kinds of role.

export const PERMISSIONS = {
  view: { bit: 0, label: { en: 'View', zh: '查看', th: 'ดู' } },
  add: { bit: 1, label: { en: 'Add', zh: '新增', th: 'เพิ่ม' } },
  edit: { bit: 2, label: { en: 'Edit', zh: '编辑', th: 'แก้ไข' } },
  delete: { bit: 3, label: { en: 'Delete', zh: '删除', th: 'ลบ' } },
  import: { bit: 4, label: { en: 'Import', zh: '导入', th: 'นำเข้า' } },
  export: { bit: 5, label: { en: 'Export', zh: '导出', th: 'ส่งออก' } },
  save: { bit: 6, label: { en: 'Save', zh: '保存', th: 'บันทึก' } },
  submit: { bit: 7, label: { en: 'Submit', zh: '提交', th: 'ส่ง' } },
  cancel: { bit: 8, label: { en: 'Cancel', zh: '取消', th: 'ยกเลิก' } },
  pass: { bit: 9, label: { en: 'Approve', zh: '审核', th: 'อนุมัติ' } },
  edit_gps: { bit: 10, label: { en: 'Edit GPS', zh: '编辑坐标', th: 'แก้ไขพิกัด' } },
} as const satisfies BitTable;

export type Permission = keyof typeof PERMISSIONS;

/** Permission → its mask bit (view 1, add 2, … edit_gps 1024). */
export const PermissionBit = masksOf(PERMISSIONS);

/** Every bit set (2047): what a company or platform administrator holds on every screen. */
export const FULL_MASK = fullMask(PERMISSIONS);

export function hasPermission(mask: number, permission: Permission): boolean {
  return (mask & PermissionBit[permission]) !== 0;
}

/** Spec section 6 role flags: system administrator, company administrator, normal user. */
export const ROLE_FLAGS = ['@System', '@Admin', '@User'] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

export function isRoleFlag(value: string): value is RoleFlag {
  return (ROLE_FLAGS as readonly string[]).includes(value);
}

export const ROLE_LABELS = {
  '@System': { en: 'Platform administrator', zh: '平台管理员', th: 'ผู้ดูแลแพลตฟอร์ม' },
  '@Admin': { en: 'Company administrator', zh: '公司管理员', th: 'ผู้ดูแลบริษัท' },
  '@User': { en: 'User', zh: '普通用户', th: 'ผู้ใช้ทั่วไป' },
} as const satisfies { readonly [F in RoleFlag]: Label };
