import {
  ALREADY_EXISTS,
  fillTemplate,
  type Label,
  labelIn,
  UNIQUE_FIELD_LABELS,
  type UniqueField,
} from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';

// Duplicates (spec section 5 "{0} [{1}] already exists"; issue 14 "1106-style conflicts"): 1106 with the field,
// the value and the spec's sentence in the caller's language, which the console shows as it is.

export interface Conflict {
  field: UniqueField;
  value: string;
  message: string;
}

export function conflictError(request: FastifyRequest, field: UniqueField, value: string): ApiError {
  const language = pickLanguage(request.headers['accept-language']);
  const message = fillTemplate(labelIn(ALREADY_EXISTS, language), labelIn(UNIQUE_FIELD_LABELS[field], language), value);
  const details: Conflict = { field, value, message };
  return new ApiError(ErrorCode.accountRegistered, details, `${field} ${value} taken`);
}

/** 1004 on the record's id with the spec-table sentence saying what still uses it. */
export function inUseError(request: FastifyRequest, text: Label, ...values: (string | number)[]): ApiError {
  const language = pickLanguage(request.headers['accept-language']);
  return new ApiError(ErrorCode.parameter, {
    field: 'id',
    reason: 'in use',
    message: fillTemplate(labelIn(text, language), ...values),
  });
}
