/**
 * The length of a text once GBK-encoded, as the terminal receives it (0x8300 text, at most MESSAGE_MAX_BYTES):
 * ASCII is one byte, every other character GBK holds is two. A character GBK lacks is refused by the server.
 */
export function gbkBytes(text: string): number {
  let bytes = 0;
  for (const ch of text) bytes += (ch.codePointAt(0) ?? 0) < 0x80 ? 1 : 2;
  return bytes;
}
