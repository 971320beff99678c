// A message for the user: the server's own text (already translated by the server) or an i18n key.
import type { TFunction } from 'i18next';

export interface Feedback {
  message?: string;
  messageKey?: string;
  messageParams?: Record<string, string | number>;
}

export function feedbackText(t: TFunction, feedback: Feedback | undefined): string | undefined {
  if (!feedback) return undefined;
  if (feedback.message) return feedback.message;
  if (feedback.messageKey) return t(feedback.messageKey, feedback.messageParams ?? {});
  return undefined;
}
