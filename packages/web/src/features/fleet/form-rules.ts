import {
  IMEI_PATTERN,
  imageOk,
  imageUrlOk,
  nameLengthOk,
  REMARK_MAX,
  SIM_PATTERN,
  TERMINAL_PHONE_PATTERN,
  VIN_PATTERN,
} from '@headway/spec';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors';

// The fleet forms' rules, the server's own (spec section 5 through @headway/spec): required, names 3–64, remarks
// ≤ 255, the formats of IMEI, terminal phone, SIM, VIN and picture, and "{0} [{1}] already exists" from the
// validators. A rule answers with the translated sentence; the server refuses the same input anyway.

type T = TFunction<['fleet', 'translation']>;

export function required(t: T, field: string): FormRule {
  return { required: true, whitespace: true, message: t('validation.required', { ns: 'translation', field }) };
}

export function nameRule(t: T): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      if (!nameLengthOk(value)) throw new Error(t('validation.nameLength', { ns: 'translation' }));
    },
  };
}

export function remarkRule(t: T): FormRule {
  return { max: REMARK_MAX, message: t('validation.maxLength', { ns: 'translation', max: REMARK_MAX }) };
}

export function maxRule(t: T, max: number): FormRule {
  return { max, message: t('validation.maxLength', { ns: 'translation', max }) };
}

function patternRule(pattern: RegExp, message: string): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      if (!pattern.test(value.trim())) throw new Error(message);
    },
  };
}

export const imeiRule = (t: T) => patternRule(IMEI_PATTERN, t('fleet.format.imei'));
export const phoneRule = (t: T) => patternRule(TERMINAL_PHONE_PATTERN, t('fleet.format.phone'));
export const simRule = (t: T) => patternRule(SIM_PATTERN, t('fleet.format.sim'));
export const vinRule = (t: T) => patternRule(VIN_PATTERN, t('fleet.format.vin'));
export const iccidRule = (t: T) => patternRule(/^[0-9A-Fa-f]{19,20}$/, t('fleet.format.iccid'));

export function imageUrlRule(t: T): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value === 'string' && !imageUrlOk(value)) throw new Error(t('fleet.format.imageUrl'));
    },
  };
}

/** An upload's file before it is sent: JPG or PNG under 2 MB; false with the reason said when not. */
export function imageFileOk(file: { type?: string; name?: string; size: number }): boolean {
  return imageOk(file);
}

/**
 * "{0} [{1}] already exists" from a validator call: resolves when the value is free, rejects with the server's
 * sentence when it is taken (1106); any other failure is left to the save.
 */
export function uniqueRule(check: (value: string) => Promise<unknown>): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        await check(value.trim());
      } catch (error) {
        if (error instanceof ApiError && error.code === 1106) {
          const message = (error.result as { message?: string } | null)?.message;
          throw new Error(message ?? error.message);
        }
      }
    },
  };
}

/** "End time not before start": the end, when both are set, must not be earlier. */
export function notBeforeRule(t: T, startField: string, startLabel: string, endLabel: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_, value: { valueOf(): number } | null | undefined) => {
      const start = getFieldValue(startField) as { valueOf(): number } | null | undefined;
      if (value && start && value.valueOf() < start.valueOf()) {
        throw new Error(t('fleet.format.after', { field: endLabel, start: startLabel }));
      }
    },
  });
}
