/** Why a frame, body or packet could not be decoded. Errors are values: the public API never throws on input bytes. */
export type CodecErrorCode =
  | 'EMPTY'
  | 'BAD_ESCAPE'
  | 'BAD_CHECKSUM'
  | 'FRAME_TOO_SHORT'
  | 'LENGTH_MISMATCH'
  | 'BODY_TOO_SHORT'
  | 'BAD_VALUE'
  | 'TRAILING_BYTES'
  | 'UNKNOWN_MESSAGE'
  | 'BAD_MAGIC'
  | 'OVERSIZE'
  | 'ENCODE_INVALID'
  | 'INTERNAL';

export interface CodecError {
  code: CodecErrorCode;
  message: string;
  /** Byte offset (inside the unescaped frame or body) where decoding stopped, when known. */
  offset?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: CodecError };

/**
 * Thrown internally by the byte reader when a field runs past the end of the body, and by encoders on invalid input.
 * Decoders never let it escape: the public entry points catch it and turn it into a `CodecError` value.
 */
export class CodecFault extends Error {
  readonly code: CodecErrorCode;
  readonly offset: number | undefined;
  constructor(code: CodecErrorCode, message: string, offset?: number) {
    super(message);
    this.name = 'CodecFault';
    this.code = code;
    this.offset = offset;
  }
}

export function toCodecError(e: unknown): CodecError {
  if (e instanceof CodecFault) {
    return e.offset === undefined
      ? { code: e.code, message: e.message }
      : { code: e.code, message: e.message, offset: e.offset };
  }
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}
