// What the personal-centre forms do with a failed call: a cancelled call (the form closed) or an
// expired session (the session machine takes over) shows nothing; anything else is kept for the
// form and emitted as a notice with the server's translated message.
import { isApiError, describeError, type ErrorText } from '../../api/errors';
import type { Notice } from '../notice';

export const PROFILE_FAILED_KEY = 'profile:failed';

export const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export function isQuietFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'cancelled' || error.kind === 'unauthorized');
}

export function failureOf(error: unknown): ErrorText {
  return describeError(error, PROFILE_FAILED_KEY);
}

export function failureNotice(context: ErrorText): Notice {
  return { type: 'notice', level: 'error', ...(context.errorMessage ? { message: context.errorMessage } : { messageKey: context.errorKey ?? PROFILE_FAILED_KEY }) };
}

export const successNotice = (messageKey: string): Notice => ({ type: 'notice', level: 'success', messageKey });

/** The failure to show in the form: the server's message or a key; null when there is none. */
export function shownError(context: ErrorText): { message?: string; messageKey?: string } | null {
  if (context.errorMessage) return { message: context.errorMessage };
  return context.errorKey ? { messageKey: context.errorKey } : null;
}
