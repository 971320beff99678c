// Field rules shared by the login, register and reset-password machines. They return i18n keys of
// the `auth` namespace (never display strings) so the pages translate them in the current locale.
import { checkPassword, parseUsername, phoneUsername } from '../../shared/contract/credentials';

export type Channel = 'email' | 'phone';

export type ValidationKey =
  | 'auth:validation.usernameRequired'
  | 'auth:validation.usernameInvalid'
  | 'auth:validation.emailRequired'
  | 'auth:validation.emailInvalid'
  | 'auth:validation.phoneRequired'
  | 'auth:validation.phoneInvalid'
  | 'auth:validation.codeRequired'
  | 'auth:validation.passwordRequired'
  | 'auth:validation.passwordRule'
  | 'auth:validation.confirmRequired'
  | 'auth:validation.passwordMismatch';

export type AuthField = 'username' | 'email' | 'areaCode' | 'phone' | 'code' | 'password' | 'confirm';
export type FieldErrors = Partial<Record<AuthField, ValidationKey>>;

/** The address a verification code goes to: either the e-mail or area code + national number. */
export interface CodeTarget {
  channel: Channel;
  email: string;
  areaCode: string;
  phone: string;
}

export type UsernameCheck = { ok: true; username: string } | { ok: false; field: AuthField; key: ValidationKey };

/** Checks the e-mail or phone of a code form and gives the normalised username the server expects. */
export function checkCodeTarget(target: CodeTarget): UsernameCheck {
  if (target.channel === 'email') {
    if (target.email.trim() === '') return { ok: false, field: 'email', key: 'auth:validation.emailRequired' };
    const parsed = parseUsername(target.email);
    return parsed.kind === 'email'
      ? { ok: true, username: parsed.value }
      : { ok: false, field: 'email', key: 'auth:validation.emailInvalid' };
  }
  if (target.phone.trim() === '') return { ok: false, field: 'phone', key: 'auth:validation.phoneRequired' };
  const parsed = parseUsername(phoneUsername(target.areaCode, target.phone.trim()));
  return parsed.kind === 'phone'
    ? { ok: true, username: parsed.value }
    : { ok: false, field: 'phone', key: 'auth:validation.phoneInvalid' };
}

/** The password sign-in takes an e-mail or an international phone number in one field. */
export function checkSignInUsername(raw: string): UsernameCheck {
  if (raw.trim() === '') return { ok: false, field: 'username', key: 'auth:validation.usernameRequired' };
  const parsed = parseUsername(raw);
  return parsed.kind === 'invalid'
    ? { ok: false, field: 'username', key: 'auth:validation.usernameInvalid' }
    : { ok: true, username: parsed.value };
}

export function checkCode(code: string): ValidationKey | null {
  return code.trim() === '' ? 'auth:validation.codeRequired' : null;
}

/** A new password (register, reset): the shared rule, and the confirmation must match. */
export function checkNewPassword(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password === '') errors.password = 'auth:validation.passwordRequired';
  else if (checkPassword(password) !== null) errors.password = 'auth:validation.passwordRule';
  if (confirm === '') errors.confirm = 'auth:validation.confirmRequired';
  else if (confirm !== password) errors.confirm = 'auth:validation.passwordMismatch';
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function withoutError(errors: FieldErrors, field: AuthField): FieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

// What an auth call answered, reduced to what the machines need (defined beside the auth calls).
export type { AuthCallResult } from '../../api/session/auth-answer';
export { UNEXPECTED_ERROR_KEY } from '../../api/session/auth-answer';

export interface NewPasswordForm extends CodeTarget {
  code: string;
  password: string;
  confirm: string;
}

export type NewPasswordRequest = { username: string; code: string; password: string };

/** Register and reset share one form: address, code, password and its confirmation. */
export function checkNewPasswordForm(form: NewPasswordForm): { errors: FieldErrors; request?: NewPasswordRequest } {
  const errors: FieldErrors = {};
  const target = checkCodeTarget(form);
  if (!target.ok) errors[target.field] = target.key;
  const codeProblem = checkCode(form.code);
  if (codeProblem) errors.code = codeProblem;
  Object.assign(errors, checkNewPassword(form.password, form.confirm));
  if (!target.ok || hasErrors(errors)) return { errors };
  return { errors, request: { username: target.username, code: form.code.trim(), password: form.password } };
}
