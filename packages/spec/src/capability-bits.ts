import { type BitTable, masksOf } from './bits.ts';

// What a vehicle's device can do (product spec section 4, "Capability bits"): the video, snapshot, talk and
// message buttons of the console depend on these and on the device being online (section 6).

export const CAPABILITY_BITS = {
  snapshot: { bit: 5, label: { en: 'Snapshot', zh: '抓拍', th: 'ถ่ายภาพ' } },
  video: { bit: 6, label: { en: 'Video', zh: '视频', th: 'วิดีโอ' } },
  sendMessage: { bit: 10, label: { en: 'Send message', zh: '下发消息', th: 'ส่งข้อความ' } },
  talk: { bit: 11, label: { en: 'Talk', zh: '对讲', th: 'สนทนา' } },
} as const satisfies BitTable;

export type CapabilityBitName = keyof typeof CAPABILITY_BITS;

export const CapabilityMask = masksOf(CAPABILITY_BITS);
