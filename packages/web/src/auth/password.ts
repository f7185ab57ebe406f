import { md5 } from 'js-md5';

/** The API never sees a clear password: lowercase hex MD5, computed in the browser (spec section 5). */
export function hashPassword(password: string): string {
  return md5(password).toLowerCase();
}

/** At least 6 characters with letters and digits (spec section 5). */
export function isStrongPassword(password: string): boolean {
  return password.length >= 6 && /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** Password must differ from the account, compared by case-insensitive MD5. */
export function sameAsAccount(password: string, account: string): boolean {
  return hashPassword(password.toLowerCase()) === hashPassword(account.toLowerCase());
}
