import { describe, expect, it } from 'vitest';
import { ApiError, ErrorCode, parameterError } from './errors.ts';
import { pickLanguage } from './language.ts';

describe('errors as values', () => {
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
