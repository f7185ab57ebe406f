import type { Jt808Message } from '@headway/protocol';
import { MESSAGE_DEFAULT_FLAGS, type MessageTarget } from '@headway/spec';

/** The 0x8300 flag byte from the ticked bits (spec: default 2 and 3, display and TTS). */
export function flagByte(bits: readonly number[] | undefined): number {
  let flag = 0;
  for (const bit of bits ?? MESSAGE_DEFAULT_FLAGS) flag |= 1 << bit;
  return flag;
}

/**
 * The 0x8300 for a dispatch text. The encoder writes the 2019 text type only for 2019 terminals: type 1 (notice)
 * for the dispatch screen, 2 (service) for the ITS and DVR units (docs/commands.md "Targets").
 */
export function textMessage(text: string, flag: number, target: MessageTarget | string): Jt808Message {
  return { msgId: 0x8300, body: { flag, textType: target === '' ? 1 : 2, text } };
}
