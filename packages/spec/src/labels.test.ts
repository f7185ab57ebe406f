import { describe, expect, it } from 'vitest';
import { labelIn, languageOf } from './labels.ts';

describe('languages', () => {
  it.each([
    ['zh-CN', 'zh'],
    ['th_TH', 'th'],
    [' EN-gb ', 'en'],
    ['fr', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (tag, language) => {
    expect(languageOf(tag)).toBe(language);
  });

  it('reads a label in the language, English otherwise', () => {
    const label = { en: 'Parked', zh: '停车', th: 'จอด' };
    expect(labelIn(label, 'zh-TW')).toBe('停车');
    expect(labelIn(label, 'th')).toBe('จอด');
    expect(labelIn(label, 'de')).toBe('Parked');
  });
});
