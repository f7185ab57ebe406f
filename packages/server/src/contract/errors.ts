// The platform's error codes (product spec section 8, docs/api.md "Error codes") are a spec table: defined once in
// @headway/spec with their en/zh/th messages, re-exported for the server's own code. The console imports them
// from @headway/spec directly (this package is types-only for it).
export { ERROR_CODES, ErrorCode } from '@headway/spec';
