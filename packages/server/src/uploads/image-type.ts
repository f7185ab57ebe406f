// What the bytes are, not what the client says they are: a renamed .exe with `image/png` is refused, and the
// extension we store under (and the content type we serve) comes from the file's own signature.

export type ImageExtension = 'png' | 'jpg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The image kind of these bytes (PNG or JPEG, the spec's two), or undefined. */
export function imageExtensionOf(bytes: Uint8Array): ImageExtension | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  return undefined;
}

export const CONTENT_TYPES: Record<ImageExtension, string> = { png: 'image/png', jpg: 'image/jpeg' };
