import type { Label } from './labels.ts';

// JT/T 1078 audio/video capability codes (JT/T 1078-2016 table 12 and §5.3.1; product spec section 9 "encode
// codes"): what 0x1003 answers to 0x9003, shown by the command window's audio/video tab and used by the media
// server (issue 16) to pick a decoder. Codec names are the same in every language; only the words are translated.

/** Encoding codes 1–28 (audio), 91 pass-through, 98–101 video, 111 MG726; 112–127 are custom (avCodeName). */
export const AV_ENCODINGS: { readonly [code: number]: string | Label } = {
  1: 'G.721',
  2: 'G.722',
  3: 'G.723',
  4: 'G.728',
  5: 'G.729',
  6: 'G.711A',
  7: 'G.711U',
  8: 'G.726',
  9: 'G.729A',
  10: 'DVI4_3',
  11: 'DVI4_4',
  12: 'DVI4_8K',
  13: 'DVI4_16K',
  14: 'LPC',
  15: 'S16BE_STEREO',
  16: 'S16BE_MONO',
  17: 'MPEGAUDIO',
  18: 'LPCM',
  19: 'AAC',
  20: 'WMA9STD',
  21: 'HEAAC',
  22: 'PCM_VOICE',
  23: 'PCM_AUDIO',
  24: 'AACLC',
  25: 'MP3',
  26: 'ADPCMA',
  27: 'MP4AUDIO',
  28: 'AMR',
  91: { en: 'Pass-through', zh: '透传', th: 'ส่งผ่านโดยตรง' },
  98: 'H.264',
  99: 'H.265',
  100: 'AVS',
  101: 'SVAC',
  111: 'MG726',
};

const CUSTOM: Label = { en: 'Custom ({0})', zh: '自定义（{0}）', th: 'กำหนดเอง ({0})' };
const UNKNOWN: Label = { en: 'Unknown ({0})', zh: '未知（{0}）', th: 'ไม่ทราบ ({0})' };

/** The name of an encoding code in a language: a codec name, or "Custom (n)" for 112–127, "Unknown (n)" else. */
export function avCodeName(code: number, language: keyof Label): string {
  const known = AV_ENCODINGS[code];
  if (typeof known === 'string') return known;
  if (known) return known[language];
  const word = code >= 112 && code <= 127 ? CUSTOM : UNKNOWN;
  return word[language].replace('{0}', String(code));
}

/** Audio sampling rate (0x1003 BYTE). */
export const AUDIO_SAMPLING_RATES = {
  0: '8 kHz',
  1: '22.05 kHz',
  2: '44.1 kHz',
  3: '48 kHz',
  100: '16 kHz',
} as const satisfies { readonly [code: number]: string };

/** Audio sample width (0x1003 BYTE). */
export const AUDIO_SAMPLE_BITS = { 0: '8 bit', 1: '16 bit', 2: '32 bit' } as const satisfies {
  readonly [code: number]: string;
};

/** Whether the terminal can play audio out (0x1003 BYTE). */
export const AUDIO_OUTPUT = {
  0: { en: 'Not supported', zh: '不支持', th: 'ไม่รองรับ' },
  1: { en: 'Supported', zh: '支持', th: 'รองรับ' },
} as const satisfies { readonly [code: number]: Label };
