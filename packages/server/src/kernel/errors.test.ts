import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES, ErrorCode, parameterError } from './errors.ts';
import { LANGUAGES, pickLanguage } from './language.ts';
import { MESSAGES, messageFor } from './messages.ts';

describe('error catalogue', () => {
  it('covers exactly the spec codes 1000–1009 and 1100–1114', () => {
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => 1000 + i),
      ...Array.from({ length: 15 }, (_, i) => 1100 + i),
    ];
    expect([...ERROR_CODES].sort()).toEqual(expected);
  });

  it('has a non-empty message for every code in every language, distinct per language', () => {
    for (const code of [0, ...ERROR_CODES] as const) {
      const texts = LANGUAGES.map((language) => MESSAGES[code][language]);
      for (const text of texts) expect(text.length).toBeGreaterThan(1);
      expect(new Set(texts).size).toBe(3);
    }
    expect(messageFor(ErrorCode.accountLocked, 'en')).toMatch(/locked/i);
  });

  it('carries the code and details as a value until the edge', () => {
    const error = parameterError('account', 'too short');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(1004);
    expect(error.details).toEqual({ field: 'account', reason: 'too short' });
    expect(new ApiError(ErrorCode.permission).details).toBeNull();
  });
});

describe('language choice', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['th', 'th'],
    ['TH-th', 'th'],
    ['fr-FR,de;q=0.9', 'en'],
    ['fr-FR,th;q=0.3,zh;q=0.5', 'zh'],
    ['zh;q=0,en', 'en'],
  ])('%s → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});
