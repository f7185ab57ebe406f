import { maskSensitive } from '@headway/spec';
import { Form } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { imageFileOk, imageUrlRule, nameRule, remarkRule, uniqueRule, vinRule } from './form-rules';

// The forms' rules are the server's (both read @headway/spec): what one refuses, the other refuses.

const t = ((key: string, options?: Record<string, unknown>) =>
  `${key}${options?.max ? `:${options.max}` : ''}`) as unknown as TFunction<['fleet', 'translation']>;

async function check(rule: ReturnType<typeof nameRule>, value: unknown): Promise<string | null> {
  const resolved = typeof rule === 'function' ? rule(Form.useForm as never) : rule;
  if (!('validator' in resolved) || !resolved.validator) return null;
  try {
    await resolved.validator({} as never, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('fleet form rules', () => {
  it('keeps names to 3–64 characters once trimmed', async () => {
    expect(await check(nameRule(t), ' ab ')).toBe('validation.nameLength');
    expect(await check(nameRule(t), 'abc')).toBeNull();
    expect(await check(nameRule(t), 'x'.repeat(65))).toBe('validation.nameLength');
    expect(await check(nameRule(t), '')).toBeNull();
  });

  it('bounds remarks at 255', () => {
    expect(remarkRule(t)).toMatchObject({ max: 255, message: 'validation.maxLength:255' });
  });

  it('accepts a VIN of 17 characters without I, O or Q', async () => {
    expect(await check(vinRule(t), 'LZYTBGBW1N1000001')).toBeNull();
    expect(await check(vinRule(t), 'IOQ12345678901234')).toBe('fleet.format.vin');
    expect(await check(vinRule(t), 'LZY')).toBe('fleet.format.vin');
  });

  it('takes JPG or PNG pictures under 2 MB only', async () => {
    expect(imageFileOk({ type: 'image/png', name: 'bus.png', size: 1024 })).toBe(true);
    expect(imageFileOk({ type: 'image/gif', name: 'bus.gif', size: 1024 })).toBe(false);
    expect(imageFileOk({ type: 'image/jpeg', name: 'bus.jpg', size: 2 * 1024 * 1024 })).toBe(false);
    expect(await check(imageUrlRule(t), '/upload/bus.jpg')).toBeNull();
    expect(await check(imageUrlRule(t), 'javascript:alert(1).png')).toBe('fleet.format.imageUrl');
  });

  it('shows the validator’s "already exists" sentence and lets other failures through to the save', async () => {
    const taken = uniqueRule(async () => {
      throw new ApiError(1106, 'Account already registered', { message: 'Plate [HW-1] already exists' });
    });
    expect(await check(taken, 'HW-1')).toBe('Plate [HW-1] already exists');
    const offline = uniqueRule(async () => {
      throw new ApiError(-1, 'network');
    });
    expect(await check(offline, 'HW-1')).toBeNull();
  });

  it('masks sensitive values as the spec says', () => {
    expect(maskSensitive('1380000')).toBe('13****00');
    expect(maskSensitive('89860012345678901234')).toBe('8986****1234');
    expect(maskSensitive('1234')).toBe('1****4');
  });
});
