import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords arrive as the browser's lowercase MD5 hex (spec section 5) and are stored as scrypt over
// that string (docs/api.md "Sessions"): the MD5 alone is a password-equivalent, so it is never kept.
//
// Each hash carries its own parameters in a PHC-style string, `scrypt$N=16384,r=8,p=1$<salt>$<key>` (salt and
// key unpadded base64), so the cost can be raised later: old hashes still verify with the parameters they name,
// and a login that finds weaker ones than CURRENT rewrites the hash (needsRehash). Hashes from before this format
// (hex key in password_hash, hex salt in password_salt, always N=16384 r=8 p=1) verify as that.

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };
const LEGACY_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_LENGTH = 32;
const PREFIX = 'scrypt';

/** What the users table keeps: `hash` is the PHC string; `salt` is only used by legacy rows (empty for new ones). */
export interface PasswordHash {
  hash: string;
  salt: string;
}

function derive(md5: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) would refuse a raised N, so allow what it needs.
  const maxmem = 128 * params.N * params.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(md5, salt, keyLength, { ...params, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** Reads either format; undefined for anything unreadable (which then never verifies). */
export function parseStoredHash(stored: PasswordHash): ParsedHash | undefined {
  if (!stored.hash.startsWith(`${PREFIX}$`)) {
    if (!/^[0-9a-f]+$/i.test(stored.hash) || !/^[0-9a-f]+$/i.test(stored.salt)) return undefined;
    return { params: LEGACY_PARAMS, salt: Buffer.from(stored.salt, 'hex'), key: Buffer.from(stored.hash, 'hex') };
  }
  const [, paramText, saltText, keyText] = stored.hash.split('$');
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(paramText ?? '');
  if (!match || !saltText || !keyText) return undefined;
  const params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  return { params, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `${PREFIX}$N=${params.N},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

export async function hashPassword(md5: string, params: ScryptParams = CURRENT_PARAMS): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  return { hash: format(params, salt, await derive(md5, salt, params, KEY_LENGTH)), salt: '' };
}

export async function verifyPassword(md5: string, stored: PasswordHash): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await derive(md5, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(parsed.key, actual);
}

/** True when a verified hash is in the legacy format or weaker than `target`: the login then rewrites it. */
export function needsRehash(stored: PasswordHash, target: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parseStoredHash(stored);
  if (!parsed || !stored.hash.startsWith(`${PREFIX}$`)) return true;
  const { N, r, p } = parsed.params;
  return N < target.N || r < target.r || p < target.p || parsed.key.length < KEY_LENGTH;
}

/** A throwaway hash verified when the account does not exist, so both paths cost one scrypt. */
let decoy: Promise<PasswordHash> | undefined;
export function decoyHash(): Promise<PasswordHash> {
  decoy ??= hashPassword(md5Hex('decoy'));
  return decoy;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
