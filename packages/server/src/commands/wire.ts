import type { Jt808Message } from '@headway/protocol';
import type { CommandReply } from '../gateway/commands.ts';

// JSON for messages that leave the process: commands and replies crossing nodes over NATS, and a queued
// command's message kept in the dispatch log until its terminal reconnects. Message bodies may hold bytes
// (parameter values, media data), which plain JSON would turn into index-keyed objects.

const BYTES = '$bytes';

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // The holder's own value, not `value`: JSON.stringify has already applied toJSON, and the decoder's bytes are
  // Buffers, whose toJSON gives {type: 'Buffer', data: [...]}.
  const raw = this[key];
  if (raw instanceof Uint8Array) return { [BYTES]: Buffer.from(raw).toString('base64') };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && BYTES in value) {
    const text = (value as Record<string, unknown>)[BYTES];
    if (typeof text === 'string') return new Uint8Array(Buffer.from(text, 'base64'));
  }
  return value;
}

export function encodeWire(value: Jt808Message | CommandReply | unknown): string {
  return JSON.stringify(value, replacer);
}

export function decodeWire<T>(text: string): T {
  return JSON.parse(text, reviver) as T;
}
