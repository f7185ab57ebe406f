import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

// SHA-256 / HMAC-SHA256 used only when WebCrypto is unavailable: `crypto.subtle` exists only in secure
// contexts (https, localhost), and depots often open the console over plain http on a LAN address.
// @noble/hashes (audited, maintained) instead of a hand-written digest; only its SHA-2 and HMAC modules are
// imported, so the fallback adds a few KiB to the bundle rather than the whole library.

export function sha256Bytes(data: Uint8Array): Uint8Array {
  return sha256(data);
}

export function hmacSha256Bytes(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(sha256, key, message);
}
