import { describe, expect, it } from 'vitest';
import { hashPassword, isStrongPassword, sameAsAccount } from './password';

describe('passwords', () => {
  it('sends lowercase hex MD5', () => {
    expect(hashPassword('headway2026')).toMatch(/^[0-9a-f]{32}$/);
    expect(hashPassword('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
  it('needs 6 characters with letters and digits', () => {
    expect(isStrongPassword('abc12')).toBe(false);
    expect(isStrongPassword('abcdef')).toBe(false);
    expect(isStrongPassword('123456')).toBe(false);
    expect(isStrongPassword('abc123')).toBe(true);
  });
  it('compares with the account case-insensitively', () => {
    expect(sameAsAccount('Admin1', 'admin1')).toBe(true);
    expect(sameAsAccount('admin2', 'admin1')).toBe(false);
  });
});
