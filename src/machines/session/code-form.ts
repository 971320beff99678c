// What every verification-code form (login by code, register, reset password) does the same way:
// field edits clear their own error, the code goes to the checked address, failures keep the
// server's message. Machines wrap these in their own assign/sendTo so their types stay exact.
import type { AuthCallResult, AuthField, CodeTarget, FieldErrors } from './auth-form';
import { checkCodeTarget, UNEXPECTED_ERROR_KEY, withoutError } from './auth-form';
import type { CodeScene } from './verificationCode.machine';

export interface CodeFormFeedback {
  fieldErrors: FieldErrors;
  /** The address the last code was requested for, so the page can say where it went. */
  codeSentTo?: string;
  /** The server's own message (already in the user's language). */
  errorMessage?: string;
  /** An i18n key when there is no server message (transport failure, unexpected answer). */
  errorKey?: string;
  errorParams?: Record<string, string | number>;
}

export type CodeFormContext = CodeTarget & CodeFormFeedback;

/** A typed field drops its own error and whatever failure was on screen. */
export function fieldEdited(context: CodeFormFeedback, field: AuthField, value: string) {
  return { [field]: value, fieldErrors: withoutError(context.fieldErrors, field), errorMessage: undefined, errorKey: undefined };
}

/** Switching tab (channel, mode) starts the form's feedback afresh. */
export const FRESH_FEEDBACK = { fieldErrors: {}, errorMessage: undefined, errorKey: undefined } as const;

export function codeTargetValid(context: CodeTarget): boolean {
  return checkCodeTarget(context).ok;
}

export function rememberedCodeTarget(context: CodeTarget): { codeSentTo: string | undefined } {
  const target = checkCodeTarget(context);
  return { codeSentTo: target.ok ? target.username : undefined };
}

export function codeTargetError(context: CodeFormContext): Partial<CodeFormFeedback> {
  const target = checkCodeTarget(context);
  return target.ok ? {} : { fieldErrors: { ...context.fieldErrors, [target.field]: target.key } };
}

export function codeSendEvent(context: CodeFormFeedback, scene: CodeScene) {
  return { type: 'code.send' as const, username: context.codeSentTo ?? '', scene };
}

export function failureOf(output: AuthCallResult): Partial<CodeFormFeedback> {
  return output.ok ? { errorKey: UNEXPECTED_ERROR_KEY } : { errorMessage: output.message, errorKey: output.messageKey, errorParams: output.messageParams };
}

export const UNEXPECTED_FAILURE = { errorMessage: undefined, errorKey: UNEXPECTED_ERROR_KEY } as const;

const fieldChanged = { target: 'editing', actions: 'setField' } as const;
const channelChanged = { target: 'editing', actions: 'setChannel' } as const;
const codeRequest = [
  { guard: 'codeTargetValid', actions: ['rememberCodeTarget', 'requestCode'] },
  { target: 'editing', actions: 'markCodeTargetInvalid' },
] as const;
// Validation happens in the transition: a valid form goes straight to submitting.
const submit = [
  { guard: 'formValid', target: 'submitting', actions: 'validateForm' },
  { target: 'editing', actions: 'validateForm' },
] as const;

/**
 * Transitions every form state accepts, kept as data so editing and error stay in step. `prefix`
 * names the form's own events: `<prefix>.channelChanged` and `<prefix>.submit`. The machine
 * supplies the actions and guards named here.
 */
export function codeFormEvents<const Prefix extends string>(prefix: Prefix) {
  return {
    'field.changed': fieldChanged,
    ...({ [`${prefix}.channelChanged`]: channelChanged } as Record<`${Prefix}.channelChanged`, typeof channelChanged>),
    'code.request': codeRequest,
    ...({ [`${prefix}.submit`]: submit } as Record<`${Prefix}.submit`, typeof submit>),
  };
}
