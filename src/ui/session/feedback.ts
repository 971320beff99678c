// A message for the user: the server's own text (already translated by the server) or an i18n key.
import type { TFunction } from 'i18next';

export interface Feedback {
  message?: string;
  messageKey?: string;
  messageParams?: Record<string, string | number>;
}

/** The failure a form machine keeps in its context, as `storeFailure` wrote it. */
export interface FormFailure {
  errorMessage?: string;
  errorKey?: string;
  errorParams?: Record<string, string | number>;
}

/** The text of a form's failure; pass undefined while the form is not showing one. */
export function formFailureText(t: TFunction, failure: FormFailure | undefined): string | undefined {
  return failure && feedbackText(t, { message: failure.errorMessage, messageKey: failure.errorKey, messageParams: failure.errorParams });
}

export function feedbackText(t: TFunction, feedback: Feedback | undefined): string | undefined {
  if (!feedback) return undefined;
  if (feedback.message) return feedback.message;
  if (feedback.messageKey) return t(feedback.messageKey, feedback.messageParams ?? {});
  return undefined;
}
