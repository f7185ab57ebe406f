import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords arrive as the browser's lowercase MD5 hex (spec section 5) and are stored as scrypt over
// that string (docs/api.md "Sessions"): the MD5 alone is a password-equivalent, so it is never kept.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(md5: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(md5, salt, KEY_LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PasswordHash {
  hash: string;
  salt: string;
}

export async function hashPassword(md5: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  return { hash: (await derive(md5, salt)).toString('hex'), salt: salt.toString('hex') };
}

export async function verifyPassword(md5: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'hex');
  const actual = await derive(md5, Buffer.from(stored.salt, 'hex'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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
