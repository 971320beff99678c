// Credential rules shared by the sign-in forms and the server, so a password the form accepts is
// never refused by the server for a different reason (and the other way round).
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';

export type PasswordProblem = 'passwordLength' | 'passwordComposition';

/** 8 to 24 characters containing both letters and digits (platform §5, features §5). */
export function checkPassword(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'passwordLength';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'passwordComposition';
  return null;
}

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Username =
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string } // E.164, e.g. +8613800138000
  | { kind: 'invalid' };

/** E.164 shape: a country code and 7 to 15 digits in all. */
export function isPlausiblePhone(e164: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(e164);
}

/**
 * Normalises an e-mail (lower case, trimmed) or an international phone number (E.164).
 * The browser checks only the E.164 shape, so the sign-in page does not carry the 30 KB of phone
 * metadata; the server passes libphonenumber's full check as `isValidPhone` (server/src/domain/session/username.ts).
 */
export function parseUsername(raw: string, isValidPhone: (e164: string) => boolean = isPlausiblePhone): Username {
  const text = raw.trim();
  if (text.includes('@')) {
    return EMAIL_PATTERN.test(text) && text.length <= 254 ? { kind: 'email', value: text.toLowerCase() } : { kind: 'invalid' };
  }
  const e164 = `+${text.replace(/^\+/, '').replace(/[\s()-]/g, '')}`;
  return isPlausiblePhone(e164) && isValidPhone(e164) ? { kind: 'phone', value: e164 } : { kind: 'invalid' };
}

/** Joins the area code chosen in the picker with the national number typed by the user. */
export function phoneUsername(areaCode: string, nationalNumber: string): string {
  return `+${areaCode}${nationalNumber.replace(/[\s-]/g, '')}`;
}
