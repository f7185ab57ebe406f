import type { Label } from '@headway/spec';

/** Words shared by the organisation exports' headers. */
export const COMMON_HEADERS = {
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  phone: { en: 'Phone', zh: '电话', th: 'โทรศัพท์' },
  created: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
  updated: { en: 'Updated', zh: '更新时间', th: 'เวลาที่ปรับปรุง' },
  state: { en: 'State', zh: '状态', th: 'สถานะ' },
  leader: { en: 'Leader', zh: '负责人', th: 'หัวหน้า' },
} as const satisfies Record<string, Label>;
