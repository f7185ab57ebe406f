import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, hashPassword, md5Hex, needsRehash, parseStoredHash, verifyPassword } from './password.ts';

const md5 = md5Hex('headway2026');

/** A hash as stored before the PHC format: hex key in password_hash, hex salt in password_salt, N=16384 r=8 p=1. */
function legacyHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return { hash: key.toString('hex'), salt: salt.toString('hex') };
}

describe('password hashes', () => {
  it('stores the scrypt parameters with each hash (PHC-style string), salt and key included', async () => {
    const stored = await hashPassword(md5);
    expect(stored.hash).toMatch(/^scrypt\$N=16384,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored.hash.length).toBeLessThanOrEqual(128); // users.password_hash is varchar(128)
    expect(stored.salt).toBe('');
    expect(await verifyPassword(md5, stored)).toBe(true);
    expect(await verifyPassword(md5Hex('wrong'), stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('verifies with the parameters a hash names, so the cost can be raised without invalidating passwords', async () => {
    const cheap = await hashPassword(md5, { N: 1024, r: 8, p: 1 });
    expect(parseStoredHash(cheap)?.params).toEqual({ N: 1024, r: 8, p: 1 });
    expect(await verifyPassword(md5, cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    const costlier = await hashPassword(md5, { N: 2 * CURRENT_PARAMS.N, r: 8, p: 1 });
    expect(await verifyPassword(md5, costlier)).toBe(true);
    expect(needsRehash(costlier)).toBe(false);
  });

  it('still verifies hashes in the old format, and marks them for rehashing', async () => {
    const old = legacyHash(md5);
    expect(await verifyPassword(md5, old)).toBe(true);
    expect(await verifyPassword(md5Hex('wrong'), old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('never verifies an unreadable hash', async () => {
    expect(await verifyPassword(md5, { hash: 'scrypt$N=16384$abc', salt: '' })).toBe(false);
    expect(await verifyPassword(md5, { hash: '', salt: '' })).toBe(false);
    expect(await verifyPassword(md5, { hash: 'not-hex', salt: '00' })).toBe(false);
  });
});
