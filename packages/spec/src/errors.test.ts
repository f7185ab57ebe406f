import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS, ErrorCode, endsSession, errorMessage, errorOf, isErrorCode } from './errors.ts';
import { LANGUAGES } from './labels.ts';

describe('error catalogue (spec section 8)', () => {
  it('holds exactly the platform codes 1000–1009 and 1100–1114, each once', () => {
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => 1000 + i),
      ...Array.from({ length: 15 }, (_, i) => 1100 + i),
    ];
    expect([...ERROR_CODES].sort()).toEqual(expected);
    expect(new Set(Object.values(ERRORS).map((e) => e.code)).size).toBe(expected.length);
  });

  it('names codes by key', () => {
    expect(ErrorCode.loginExpired).toBe(1001);
    expect(ErrorCode.timestampSkew).toBe(1002);
    expect(ErrorCode.accountRegistered).toBe(1106);
    expect(ErrorCode.passwordExpired).toBe(1112);
    expect(ErrorCode.accountLocked).toBe(1114);
  });

  it('has a distinct message per language for every code', () => {
    for (const code of ERROR_CODES) {
      const texts = LANGUAGES.map((language) => errorMessage(code, language));
      expect(new Set(texts).size, String(code)).toBe(3);
    }
    expect(errorMessage(ErrorCode.timestampSkew, 'en')).toMatch(/time/i);
    expect(errorMessage(ErrorCode.accountLocked, 'en')).toMatch(/locked/i);
  });

  it('tells known codes and the codes that end a session (login expired, signature)', () => {
    expect(isErrorCode(1112)).toBe(true);
    expect(isErrorCode(1010)).toBe(false);
    expect(isErrorCode(-1)).toBe(false);
    expect(errorOf(404)).toBeUndefined();
    expect(ERROR_CODES.filter(endsSession)).toEqual([ErrorCode.loginExpired, ErrorCode.signature]);
  });
});
