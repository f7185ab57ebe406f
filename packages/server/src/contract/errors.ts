// The platform's error codes (product spec section 8, docs/api.md "Error codes"), shared with the
// console so both sides name a code the same way (e.g. ErrorCode.loginExpired for 1001).
export const ErrorCode = {
  unknown: 1000,
  loginExpired: 1001,
  timestampSkew: 1002,
  signature: 1003,
  parameter: 1004,
  permission: 1005,
  timeout: 1006,
  busy: 1007,
  recordMissing: 1008,
  tooMuchData: 1009,
  accountOrPassword: 1100,
  processing: 1101,
  verifyCode: 1102,
  tooFrequent: 1103,
  accountMissing: 1104,
  emailNotBound: 1105,
  accountRegistered: 1106,
  emailInUse: 1107,
  alreadyLoggedIn: 1108,
  accountExpired: 1109,
  shiftExists: 1110,
  serverNotFound: 1111,
  passwordExpired: 1112,
  equipmentLimit: 1113,
  accountLocked: 1114,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
