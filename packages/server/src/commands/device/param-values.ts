import { encodeGbk, fromHex, type Param, toHex } from '@headway/protocol';
import { checkParameterValue, PARAM_TYPES, parameterOf, shownParameterValue } from '@headway/spec';
import type { ParamValueRow } from '../../contract/commands.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';

// Parameter values between the API and the wire (0x8103 / 0x0104, JT/T 808 table 12). The API carries wire values
// (ids 91 and 128 already ×10): numbers for BYTE/WORD/DWORD ids, text for STRING ids, hex text for structured and
// unknown ids. A write is checked twice: the product spec's edit rule for its id, applied to the value as the
// console shows it (@headway/spec checkParameterValue), and the standard's type (range of the integer width, at
// most 255 bytes of GBK text, the item's length being one byte).

const MAX_OF = { byte: 0xff, word: 0xffff, dword: 0xffff_ffff } as const;

/** Why a value was refused, beside the reasons of checkParameterValue. */
export type ParamRefusal = 'required' | 'integer' | 'decimal' | 'range' | 'ipv4' | 'hex' | 'length';

function refused(id: number, reason: ParamRefusal): ApiError {
  return new ApiError(ErrorCode.parameter, { field: 'params', id, reason });
}

/** A 0x0104 item as the API shows it. */
export function paramRow(param: Param): ParamValueRow {
  return { id: param.id, value: param.value instanceof Uint8Array ? toHex(param.value) : param.value };
}

/** The ids to query: an id with a companion (19 and its port 24, spec section 5) brings the companion along. */
export function withCompanions(ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    out.add(id);
    const edit = parameterOf(id)?.edit;
    if (edit?.kind === 'ipv4' && edit.companion !== undefined) out.add(edit.companion);
  }
  return [...out];
}

/** The 0x8103 item for an API value; ApiError 1004 `{field: 'params', id, reason}` when it breaks a rule. */
export function wireParam(id: number, value: number | string): Param {
  const type = PARAM_TYPES.get(id) ?? 'bytes';
  if (type === 'bytes') {
    const bytes = typeof value === 'string' ? fromHex(value) : undefined;
    if (!bytes) throw refused(id, 'hex');
    if (bytes.length > 255) throw refused(id, 'length');
    return { id, value: bytes };
  }
  if (type === 'string') {
    const check = checkParameterValue(id, String(value));
    if (!check.ok) throw refused(id, check.reason);
    const text = String(check.value);
    if (encodeGbk(text).length > 255) throw refused(id, 'length');
    return { id, value: text };
  }
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n)) throw refused(id, 'integer');
  if (n < 0 || n > MAX_OF[type]) throw refused(id, 'range');
  if (parameterOf(id)?.edit) {
    const check = checkParameterValue(id, String(shownParameterValue(id, n)));
    if (!check.ok) throw refused(id, check.reason);
  }
  return { id, value: n };
}
