// @vitest-environment jsdom
import { ErrorCode, errorMessage } from '@headway/spec';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { codeMessage } from './react-to-failure';

// The console shows the catalogue's text for a code, the same the server puts in `msg` (spec section 8), in the
// console's language, whatever language the server answered in.
describe('the message shown for a failed call', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('is the catalogue text in the console language', async () => {
    await i18n.changeLanguage('zh');
    expect(codeMessage(ErrorCode.accountLocked, 'Account locked')).toBe(errorMessage(ErrorCode.accountLocked, 'zh'));
    await i18n.changeLanguage('th');
    expect(codeMessage(ErrorCode.shiftExists, '')).toBe(errorMessage(ErrorCode.shiftExists, 'th'));
  });

  it("is the server's own text for a code the catalogue does not hold, else the unknown-error text", async () => {
    expect(codeMessage(404, 'Not here')).toBe('Not here');
    expect(codeMessage(404, '')).toBe(errorMessage(ErrorCode.unknown, 'en'));
  });
});
