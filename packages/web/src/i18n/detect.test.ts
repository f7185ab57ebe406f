import { describe, expect, it } from 'vitest';
import { detectLanguage, normalizeLanguage } from './detect';

describe('language detection', () => {
  it('prefers the language cookie', () => {
    expect(detectLanguage('th', ['zh-CN'])).toBe('th');
  });
  it('falls back to the browser languages in order', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage('xx', ['th-TH'])).toBe('th');
  });
  it('ends with English', () => {
    expect(detectLanguage(undefined, ['de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
  it('normalises tags', () => {
    expect(normalizeLanguage('zh_TW')).toBe('zh');
    expect(normalizeLanguage('EN-gb')).toBe('en');
    expect(normalizeLanguage('')).toBeNull();
  });
});
