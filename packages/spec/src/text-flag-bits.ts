import { type BitTable, masksOf } from './bits.ts';
import type { Label } from './labels.ts';

// The flag BYTE of a 0x8300 text message (JT/T 808-2013 §8.23 table 38, 2019 §8.24;
// shared/protocol/jt808-reference.md §6): how the terminal shows the text. 2019 turns bits 0–1 into the kind
// of message (TEXT_KIND_2019) and adds a text type BYTE after the flag (TEXT_TYPES_2019). Bits 6–7 are reserved.

export const TEXT_FLAG_BITS = {
  /** 2013 only; in 2019 bit 0 is the low bit of the kind. */
  emergency: { bit: 0, label: { en: 'Emergency', zh: '紧急', th: 'ฉุกเฉิน' } },
  display: { bit: 2, label: { en: 'Show on the terminal display', zh: '终端显示器显示', th: 'แสดงบนจอของอุปกรณ์' } },
  tts: { bit: 3, label: { en: 'Read aloud (TTS)', zh: '终端 TTS 播读', th: 'อ่านออกเสียง (TTS)' } },
  /** 2013 only (reserved in 2019). */
  advertScreen: { bit: 4, label: { en: 'Show on the advertising screen', zh: '广告屏显示', th: 'แสดงบนจอโฆษณา' } },
  /** 0 = navigation information. */
  canFaultCode: { bit: 5, label: { en: 'CAN fault information', zh: 'CAN 故障码信息', th: 'ข้อมูลรหัสข้อผิดพลาด CAN' } },
} as const satisfies BitTable;

export type TextFlagBitName = keyof typeof TEXT_FLAG_BITS;

export const TextFlagMask = masksOf(TEXT_FLAG_BITS);

/** 2019: bits 0–1 of the flag are the kind of message; 0 is not defined. */
export const TEXT_KIND_2019 = {
  shift: 0,
  mask: 0b11,
  values: {
    1: { en: 'Service', zh: '服务', th: 'บริการ' },
    2: { en: 'Emergency', zh: '紧急', th: 'ฉุกเฉิน' },
    3: { en: 'Notice', zh: '通知', th: 'ประกาศ' },
  },
} as const satisfies { shift: number; mask: number; values: { readonly [value: number]: Label } };

/** The 2019 kind field (0–3) of a flag byte. */
export function textKind2019(flag: number): 0 | 1 | 2 | 3 {
  return ((flag >>> TEXT_KIND_2019.shift) & TEXT_KIND_2019.mask) as 0 | 1 | 2 | 3;
}

/** 2019: the text type BYTE that follows the flag. */
export const TEXT_TYPES_2019 = {
  1: { en: 'Notice', zh: '通知', th: 'ประกาศ' },
  2: { en: 'Service', zh: '服务', th: 'บริการ' },
} as const satisfies { readonly [value: number]: Label };
