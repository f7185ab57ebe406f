import { Type } from 'typebox';

// Times travel as 10-digit epoch seconds (spec section 9). The bound is explicit: without one, the edge holds an
// integer to 32 bits (kernel/numeric-input.ts), which would end at 2038; 9,999,999,999 is the spec's 10 digits.
export const MAX_EPOCH_SECONDS = 9_999_999_999;

export const EpochSeconds = () => Type.Integer({ minimum: 0, maximum: MAX_EPOCH_SECONDS });
